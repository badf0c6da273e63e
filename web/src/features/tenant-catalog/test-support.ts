/**
 * Fixtures of the tenant owner's catalog and settings screens (imported by tests only): two robots (one with a
 * logo, an active version and a verified webhook; one bare), versions, a sales page, settings and e-mail templates.
 */
import { page } from '@/test/api-routes'

export const tenant = { id: '0190c0de-0000-7000-8000-00000000000a', name: 'Robôs do João', url: 'robosdojoao.com.br' }

export const alpha = {
  id: '0190c0de-0000-7000-8000-0000000000a1',
  tenantId: tenant.id,
  tenant,
  name: 'Robô Alpha',
  description: 'Segue a tendência no M15.',
  platform: 'MT5',
  version: '1.2.0',
  activeVersion: '1.2.0',
  active: true,
  logoUrl: '/api/public/files/logos/alpha.png',
  webhookUrl: null,
  webhookVerifiedAt: '2025-03-10T15:00:00Z',
  createdAt: '2025-01-01T00:00:00Z',
}

export const beta = {
  ...alpha,
  id: '0190c0de-0000-7000-8000-0000000000b1',
  name: 'Robô Beta',
  description: null,
  activeVersion: null,
  active: false,
  logoUrl: null,
  webhookVerifiedAt: null,
}

export const robotsPage = () => page([alpha, beta])

export const activeVersion = {
  id: '0190c0de-0000-7000-8000-0000000000c2',
  version: '1.2.0',
  originalFileName: 'alpha-1.2.0.ex5',
  fileSize: 1536,
  mimeType: 'application/octet-stream',
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  uploadedAt: '2025-03-10T15:30:00Z',
  notes: 'Filtro de horário.',
  active: true,
  licenseProtocol: 2,
  // Compiled from a source by the platform.
  compileJobId: '5c1d7e9a-0000-7000-8000-0000000000f1',
  sourceSha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
  loadsDll: false,
  versionTag: '3f1c0a9b7d2e4c6f',
  withdrawnAt: null as string | null,
  installations: 3,
}

export const olderVersion = {
  ...activeVersion,
  id: '0190c0de-0000-7000-8000-0000000000c1',
  version: '1.0.0',
  originalFileName: 'alpha.zip',
  fileSize: 2.5 * 1024 * 1024,
  sha256: null,
  uploadedAt: '2025-02-01T09:05:00Z',
  notes: null,
  active: false,
  licenseProtocol: 1,
  // An uploaded .ex5.
  compileJobId: null,
  sourceSha256: null,
  versionTag: null,
  installations: 1,
}

/** GET /api/tenant/robots/{alpha}/versions. */
export const alphaVersions = () => ({ robot: alpha, activeVersion: '1.2.0', versions: [activeVersion, olderVersion], suggestedVersion: '2.0.0' })

/** GET /api/tenant/robots/{alpha}/license: built (a public key), 72 h of grace, accounts confirmed in the portal. */
export const alphaLicenseSettings = {
  publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  offlineGraceSeconds: 72 * 3600,
  bindingPolicy: 'portal',
  v1Versions: ['1.0.0'],
  activeVersionUsesV1: false,
  latePayment: 'keep',
}

/** GET /api/tenant/robots/{alpha}/seat-policy: two live seats, demo accounts free, brokers XP and Clear. */
export const alphaSeatPolicy = {
  liveSeats: 2,
  demoAccounts: 'free',
  contestAccounts: null,
  allowedBrokers: ['XPMT5-*', 'Clear Corretora'],
  trialDemoOnly: false,
}

export const salesPage = {
  sections: [{ type: 'hero' as const, title: 'Robô Alpha', subtitle: 'Tendência no mini índice' }],
  price: '497.00',
  checkoutUrl: 'https://pay.hotmart.com/X123',
  published: true,
  showBacktest: true,
  htmlSection1: '<p>Resultados consistentes.</p>',
  htmlSection2: null,
  htmlSection3: null,
  htmlSection4: null,
  updatedAt: '2025-03-10T15:00:00Z',
  publicPath: `/client/loja/${alpha.id}?tenant=t-1`,
  publicUrl: `http://localhost:5173/client/loja/${alpha.id}?tenant=t-1`,
  catalogPath: '/client/loja?tenant=t-1',
  catalogUrl: 'http://localhost:5173/client/loja?tenant=t-1',
  preview: {
    branding: { name: 'Loja do João', displayName: null },
    robot: { id: alpha.id, name: 'Robô Alpha', description: null, logoUrl: null, price: '497.00', checkoutUrl: 'https://pay.hotmart.com/X123', hasActiveVersion: true },
    sections: [{ type: 'hero' as const, title: 'Robô Alpha', subtitle: 'Tendência no mini índice' }],
    advancedHtml: ['<p>Resultados consistentes.</p>'],
    loadsDll: false,
    backtest: null,
  },
}

export const settings = {
  displayName: 'Loja do João',
  logoUrl: '/api/public/files/logos/loja.png',
  faviconUrl: null,
  themeColors: { primary: '#3b82f6', secondary: '#8b5cf6', accent: '#10b981' },
  backgroundColors: { background: '#0a0a0a', card: '#141414', sidebar: '#0f0f0f' },
  foregroundColor: '#fafafa',
  fontFamily: 'Inter',
  settings: {
    homepageUrl: 'https://robosdojoao.com.br',
    contactEmail: null,
    language: 'pt-BR',
    currency: 'BRL',
    lessonsUrl: null,
    themePreset: 'default',
  },
}

export const emailSettings = { resendDomain: 'mail.robosdojoao.com.br', hasApiKey: true, delivery: 'own' }

export const defaultTemplates = {
  welcome: '<p>Olá {{clientName}}, bem-vindo à {{tenantName}}!</p>',
  saleConfirmation: '<p>Compra de {{robotName}} confirmada.</p>',
  passwordReset: '<p>Redefina sua senha: {{resetLink}}</p>',
  subscriptionConfirmation: '<p>Assinatura confirmada: {{amount}}.</p>',
  newVersion: '<p>Nova versão {{version}} do {{robotName}}.</p>',
}

export const templates = {
  templates: { ...defaultTemplates, welcome: '<p>Bem-vindo, {{clientName}}!</p>' },
  customized: ['welcome'],
  variables: {
    welcome: ['tenantName', 'clientName', 'robotName', 'downloadUrl', 'contactEmail'],
    saleConfirmation: ['tenantName', 'clientName', 'robotName', 'amount', 'transactionId', 'contactEmail'],
    passwordReset: ['tenantName', 'ownerName', 'resetLink'],
    subscriptionConfirmation: ['tenantName', 'clientName', 'amount', 'recurrence', 'nextChargeDate', 'contactEmail'],
    newVersion: ['tenantName', 'clientName', 'robotName', 'version', 'releaseNotes', 'portalUrl', 'contactEmail'],
  },
  switchable: ['newVersion'],
  switchedOff: [] as string[],
}

/** GET /api/tenant/robots/{alpha}/installations-by-version. */
export const alphaInstallations = [
  { version: '1.2.0', installations: 3, withdrawn: false },
  { version: '1.0.0', installations: 1, withdrawn: false },
  { version: null, installations: 2, withdrawn: false },
]

/** A file of `size` bytes (content does not matter to the screens). */
export function fileOf(name: string, type: string, size = 16): File {
  return new File([new Uint8Array(size)], name, { type })
}

/**
 * The fields of a multipart request, read back. A file part keeps its type but not its bytes or name here:
 * jsdom's File is foreign to Node's FormData, so tests check file parts by their type.
 */
export async function formFieldsOf(request: Request): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries((await request.formData()).entries())
}
