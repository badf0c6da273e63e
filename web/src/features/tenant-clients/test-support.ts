/**
 * Fixtures of the tenant owner's clients and licenses screens (imported by tests only): one client with two
 * licenses, one of them run from two accounts lately (a possibly shared license).
 */
import { page } from '@/test/api-routes'

export const tenant = { id: '0190c0de-0000-7000-8000-00000000000a', name: 'Robôs do João', url: 'robosdojoao.com.br' }

/** An instant `hours` ago, so relative times read the same whenever (and however slowly) the tests run. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

export const maria = {
  id: '0190c0de-0000-7000-8000-0000000000c1',
  tenantId: tenant.id,
  tenantName: tenant.name,
  name: 'Maria Souza',
  email: 'maria@exemplo.com',
  phone: '(11) 99999-0000',
  status: 'active',
  registrationDate: '2025-03-10T15:00:00Z',
  lastLogin: '2025-04-02T13:45:00Z',
  createdAt: '2025-03-10T15:00:00Z',
}

export const pedro = { ...maria, id: '0190c0de-0000-7000-8000-0000000000c2', name: 'Pedro Lima', email: 'pedro@exemplo.com', phone: null, status: 'suspended' }

const robot = { tenantId: tenant.id, tenant, platform: 'MT5', version: '1.0.0', active: true, createdAt: '2025-01-01T00:00:00Z' }
export const alpha = { ...robot, id: '0190c0de-0000-7000-8000-0000000000a1', name: 'Robô Alpha' }
export const beta = { ...robot, id: '0190c0de-0000-7000-8000-0000000000b1', name: 'Robô Beta' }

export const alphaLicense = {
  id: '0190c0de-0000-7000-8000-0000000000d1',
  clientId: maria.id,
  clientName: maria.name,
  clientEmail: maria.email,
  robotId: alpha.id,
  robotName: alpha.name,
  robotPlatform: 'MT5',
  saleId: null,
  status: 'active',
  accountNumber: '12345678',
  activationDate: '2025-03-10T15:00:00Z',
  expirationDate: '2026-03-10T15:00:00Z',
  createdAt: '2025-03-10T15:00:00Z',
  activeInstallations: 2,
  unseatedInstallations: 1,
  lastSeen: hoursAgo(3),
}

export const betaLicense = {
  ...alphaLicense,
  id: '0190c0de-0000-7000-8000-0000000000d2',
  robotId: beta.id,
  robotName: beta.name,
  status: 'trial',
  accountNumber: null,
  expirationDate: null,
  activeInstallations: 0,
  unseatedInstallations: 0,
  lastSeen: null,
}

const installation = { licenseId: alphaLicense.id, robotId: alpha.id, robotName: alpha.name, firstSeen: '2025-03-11T10:00:00Z', active: true }
export const validInstallation = {
  ...installation,
  accountNumber: '12345678',
  lastSeen: hoursAgo(3),
  lastValid: true,
  lastCode: 'VALID',
  checks: 1520,
  state: 'valid',
  stateSince: '2025-03-11T10:00:00Z',
}
export const refusedInstallation = {
  ...installation,
  accountNumber: '87654321',
  lastSeen: hoursAgo(26),
  lastValid: false,
  lastCode: 'ACCOUNT_MISMATCH',
  checks: 12,
  state: 'denied',
  stateSince: '2025-04-02T13:45:00Z',
}

export const sale = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  tenantId: tenant.id,
  tenantName: tenant.name,
  clientId: maria.id,
  clientName: maria.name,
  clientEmail: maria.email,
  externalId: 'HP-2025-001',
  origin: 'hotmart',
  status: 'confirmed',
  originalCurrency: 'BRL',
  amountPaidByCustomer: '197.00',
  grossAmount: '197.00',
  netAmount: '170.50',
  saleDate: '2025-03-10T15:00:00Z',
  createdAt: '2025-03-10T15:00:00Z',
}

export const subscription = {
  id: '0190c0de-0000-7000-8000-0000000000f1',
  tenantId: tenant.id,
  tenantName: tenant.name,
  clientId: maria.id,
  clientName: maria.name,
  clientEmail: maria.email,
  origin: 'hotmart',
  amount: '97.00',
  recurrence: 'monthly',
  status: 'active',
  nextBillingDate: '2025-05-10T15:00:00Z',
  lastPaymentDate: '2025-04-10T15:00:00Z',
  createdAt: '2025-03-10T15:00:00Z',
}

export const details = {
  client: maria,
  licenses: [alphaLicense, betaLicense],
  installations: [validInstallation, refusedInstallation],
  subscriptions: [subscription],
  sales: [sale],
}

/** GET /api/tenant/robots as the pickers read it. */
export const robotsPage = () => page([alpha, beta], { pageSize: 100 })

const seat = { company: null, kind: 'real', counted: true, boundBy: 'check' }
/** GET /api/tenant/licenses/{alpha}/seats: two real accounts of two seats, a free demo account, demo free on the robot. */
export const alphaSeats = {
  seats: [
    { ...seat, id: '0190c0de-0000-7000-8000-0000000000e1', login: '12345678', server: 'XPMT5-REAL', boundAt: '2025-03-11T10:00:00Z' },
    { ...seat, id: '0190c0de-0000-7000-8000-0000000000e2', login: '55500011', server: null, kind: 'unknown', boundBy: 'migration', boundAt: '2025-03-12T10:00:00Z' },
    { ...seat, id: '0190c0de-0000-7000-8000-0000000000e3', login: '99900022', server: 'XPMT5-DEMO', kind: 'demo', counted: false, boundAt: '2025-03-13T10:00:00Z' },
  ],
  used: 2,
  total: 2,
  demoAccounts: 'free',
  contestAccounts: 'free',
  bindingPolicy: 'portal',
  liveSeatsOverride: null,
  demoAccountsOverride: null,
  robotLiveSeats: 2,
  robotDemoAccounts: 'free',
}
