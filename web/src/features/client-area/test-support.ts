/**
 * Fixtures of the client portal's screens (imported by tests only): Carla, a client with an active license
 * (bound, running, with a newer version to download, its robot connected), an expired one (lapsed, its last check
 * refused) and a trial whose account must still be confirmed (a personal build that never connected), and two
 * subscriptions.
 */
import type { ClientDashboard } from './api/dashboard'
import type { LicenseSeats } from './api/license-seats'
import type { ClientLicenseItem, ClientLicenses } from './api/licenses'
import type { ClientSubscriptionItem } from './api/subscriptions'

export const session = {
  user: { id: '0190c0de-0000-7000-8000-000000000004', name: 'Carla Cliente Souza', email: 'carla@ex.com' },
  tenant: { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}

export const dashboard: ClientDashboard = { name: 'Carla Cliente Souza', activeLicenses: 2, activeSubscriptions: 1, lessonsUrl: 'https://ensino.loja.com/aulas' }

export const alphaLicense: ClientLicenseItem = {
  id: '0190c0de-0000-7000-8000-0000000000d1',
  robotId: '0190c0de-0000-7000-8000-0000000000a1',
  robotName: 'Robô Alpha',
  robotLogoUrl: 'https://cdn.loja.com/alpha.png',
  robotDescription: 'Opera tendências no índice.',
  robotPlatform: 'MT5',
  robotVersion: '1.2.0',
  changelog: 'Filtro de horário.',
  versionUploadedAt: '2025-03-10T12:30:00Z',
  fileName: 'alpha-1.2.0.ex5',
  lastDownloadedVersion: '1.1.0',
  updateAvailable: true,
  accountNumber: '12345678',
  activationDate: '2025-01-01T00:00:00Z',
  expirationDate: null,
  status: 'active',
  usable: true,
  needsAccountConfirmation: false,
  installationState: 'valid',
  installationStateSince: '2025-03-11T10:30:00Z',
  lastCheck: { at: '2025-03-11T10:30:00Z', mtAccount: '12345678', valid: true, code: 'OK' },
  // A robot uploaded as an .ex5: everyone downloads the same file, and its robot asks for the purchase e-mail.
  personalBuild: false,
}

export const betaLicense: ClientLicenseItem = {
  ...alphaLicense,
  id: '0190c0de-0000-7000-8000-0000000000d2',
  robotId: '0190c0de-0000-7000-8000-0000000000b1',
  robotName: 'Robô Beta',
  robotLogoUrl: null,
  robotDescription: null,
  robotVersion: '2.0.0',
  changelog: null,
  lastDownloadedVersion: null,
  updateAvailable: false,
  accountNumber: null,
  expirationDate: '2025-02-15T12:00:00Z',
  status: 'expired',
  usable: false,
  installationState: 'lapsed',
  installationStateSince: '2025-02-16T12:00:00Z',
  lastCheck: { at: '2025-02-16T12:00:00Z', mtAccount: '5550001', valid: false, code: 'EXPIRED' },
}

export const gammaLicense: ClientLicenseItem = {
  ...betaLicense,
  id: '0190c0de-0000-7000-8000-0000000000d3',
  robotName: 'Robô Gama',
  expirationDate: '2099-12-31T12:00:00Z',
  status: 'trial',
  usable: true,
  // The robot wants the account confirmed in the portal, and this license has none yet; it never ran.
  needsAccountConfirmation: true,
  installationState: null,
  installationStateSince: null,
  lastCheck: null,
  // Compiled on the fleet: the buyer's copy names its license, so its robot asks for no e-mail (decision 0015).
  personalBuild: true,
}

export const licenses = (items: ClientLicenseItem[] = [alphaLicense, betaLicense, gammaLicense]): ClientLicenses => ({
  licenses: items,
  webRequestUrl: 'https://loja.roboforge.com',
})

export const monthly: ClientSubscriptionItem = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  recurrence: 'monthly',
  status: 'active',
  amount: '97.00',
  nextChargeDate: '2025-05-10T12:00:00Z',
  startDate: '2025-01-10T12:00:00Z',
  lastPaymentDate: '2025-04-10T12:00:00Z',
  cancellationDate: null,
  cancellationRequestedAt: null,
  cancelsAtHotmart: false,
}

/** A Hotmart subscription whose seller has not connected the Hotmart API: the client cancels it at Hotmart. */
export const billedByHotmart: ClientSubscriptionItem = {
  ...monthly,
  id: '0190c0de-0000-7000-8000-0000000000e3',
  recurrence: 'quarterly',
  cancelsAtHotmart: true,
}

export const annual: ClientSubscriptionItem = {
  ...monthly,
  id: '0190c0de-0000-7000-8000-0000000000e2',
  recurrence: 'annual',
  status: 'cancelled',
  amount: '1200.50',
  nextChargeDate: null,
  cancellationDate: '2025-03-01T12:00:00Z',
}

/** GET /api/client/licenses/{alpha}/seats: one real account of two seats, a free demo account, accounts added here. */
export const alphaSeats: LicenseSeats = {
  seats: [
    {
      id: '0190c0de-0000-7000-8000-0000000000e1',
      login: '12345678',
      server: 'XPMT5-REAL',
      company: 'XP Investimentos',
      kind: 'real',
      counted: true,
      boundAt: '2025-03-11T10:00:00Z',
      boundBy: 'client',
    },
    {
      id: '0190c0de-0000-7000-8000-0000000000e2',
      login: '99900022',
      server: 'XPMT5-DEMO',
      company: null,
      kind: 'demo',
      counted: false,
      boundAt: '2025-03-12T10:00:00Z',
      boundBy: 'check',
    },
  ],
  used: 1,
  total: 2,
  demoAccounts: 'free',
  contestAccounts: 'free',
  bindingPolicy: 'portal',
  liveSeatsOverride: null,
  demoAccountsOverride: null,
  robotLiveSeats: 2,
  robotDemoAccounts: 'free',
}

/** No account yet (a license whose robot has not run, or a robot that binds on first use). */
export const noSeats: LicenseSeats = { ...alphaSeats, seats: [], used: 0, total: 1 }

/** GET …/seats of each fixture license, for pages that show the license cards (each card lists its accounts). */
export const seatRoutes = (items: ClientLicenseItem[] = [alphaLicense, betaLicense, gammaLicense]) =>
  Object.fromEntries(
    items.map((license) => [`GET /api/client/licenses/${license.id}/seats`, () => Response.json(license.id === alphaLicense.id ? alphaSeats : noSeats)]),
  )
