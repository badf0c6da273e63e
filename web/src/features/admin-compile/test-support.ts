/**
 * Fixtures of the admin compile screens' tests (imported by tests only).
 */
import type { AuthTemplate } from './api/auth-template'
import type { HistoryItem } from './api/compilation-history'
import type { AgentItem } from './api/compile-agents'
import type { PoolItem } from './api/compile-pools'
import type { CompileQueue, PlatformAlert, TenantQueueItem } from './api/compile-queue'

const tenantId = '0190c0de-0000-7000-8000-00000000000a'

export const completedImport: HistoryItem = {
  id: '0190c0de-0000-7000-8000-0000000000c1',
  createdAt: '2025-03-10T15:30:00Z',
  tenantId,
  tenantName: 'Robôs do João',
  robotName: 'Scalper Pro',
  source: 'import',
  status: 'completed',
  hasSourceCode: true,
  errorMessage: null,
}

export const failedFactory: HistoryItem = {
  id: '0190c0de-0000-7000-8000-0000000000c2',
  createdAt: '2025-03-11T09:05:00Z',
  tenantId,
  tenantName: 'Trader Pro',
  robotName: 'Grid Master',
  source: 'ai-factory',
  status: 'failed',
  hasSourceCode: false,
  errorMessage: "'OrderSend' - wrong parameters count",
}

export const pendingImport: HistoryItem = {
  ...completedImport,
  id: '0190c0de-0000-7000-8000-0000000000c3',
  robotName: 'Trend Rider',
  status: 'pending',
  hasSourceCode: true,
}

export const mql5Source = '#property strict\nint OnInit() { return(INIT_SUCCEEDED); }\n'

/** A template with every placeholder, one per line. */
export const templateCode = [
  '#define RF_AUTH_URL "{{TENANT_AUTH_URL}}"',
  '#define RF_TENANT_ID "{{TENANT_ID}}"',
  '#define RF_TENANT_DOMAIN "{{TENANT_DOMAIN}}"',
  '#define RF_ROBOT_ID "{{ROBOT_ID}}"',
  '#define RF_SIGNING_KEY "{{ROBOT_SIGNING_KEY}}"',
].join('\n')

export const authTemplate: AuthTemplate = {
  id: '0190c0de-0000-7000-8000-0000000000a1',
  name: 'MQL5 Authentication Template',
  templateCode,
  version: '1.0.0',
  isActive: true,
  createdAt: '2025-01-02T12:00:00Z',
  updatedAt: '2025-03-12T18:45:00Z',
}

/** The pool every installation starts with (its id is fixed by the migration). */
export const defaultPool: PoolItem = {
  id: '00000000-0000-7000-8000-000000000001',
  name: 'Padrão',
  servesAllTenants: true,
  tenants: [],
  agentCount: 2,
  createdAt: '2025-01-01T00:00:00Z',
}

export const dedicatedPool: PoolItem = {
  id: '0190c0de-0000-7000-8000-0000000000d1',
  name: 'Clientes VIP',
  servesAllTenants: false,
  tenants: [
    { id: tenantId, name: 'Robôs do João' },
    { id: '0190c0de-0000-7000-8000-00000000000b', name: 'Trader Pro' },
  ],
  agentCount: 0,
  createdAt: '2025-02-01T00:00:00Z',
}

export const idleAgent: AgentItem = {
  id: '0190c0de-0000-7000-8000-0000000000b1',
  name: 'win-build-01',
  platform: 'windows',
  tokenPrefix: 'rfa_3k9x',
  active: true,
  state: 'idle',
  currentJobId: null,
  lastHeartbeatAt: '2025-03-12T18:45:07Z',
  jobsDone: 42,
  jobsFailed: 3,
  revokedAt: null,
  createdAt: '2025-01-02T12:00:00Z',
  poolId: defaultPool.id,
}

export const compilingAgent: AgentItem = {
  ...idleAgent,
  id: '0190c0de-0000-7000-8000-0000000000b2',
  name: 'wine-01',
  platform: 'wine',
  tokenPrefix: 'rfa_7pq2',
  state: 'compiling',
  currentJobId: '9f1e2d3c-0000-7000-8000-0000000000c9',
  jobsDone: 7,
  jobsFailed: 0,
  poolId: dedicatedPool.id,
}

export const revokedAgent: AgentItem = {
  ...idleAgent,
  id: '0190c0de-0000-7000-8000-0000000000b3',
  name: 'old-box',
  tokenPrefix: 'rfa_old1',
  active: false,
  state: 'offline',
  lastHeartbeatAt: null,
  revokedAt: '2025-02-20T10:00:00Z',
}

export const joaoQueue: TenantQueueItem = {
  tenantId,
  tenantName: 'Robôs do João',
  pending: 3,
  inProgress: 1,
  oldestQueuedAt: '2025-03-12T18:33:00Z',
  oldestWaitSeconds: 65 * 60 + 20,
}

export const traderQueue: TenantQueueItem = {
  tenantId: '0190c0de-0000-7000-8000-00000000000b',
  tenantName: 'Trader Pro',
  pending: 0,
  inProgress: 2,
  oldestQueuedAt: null,
  oldestWaitSeconds: null,
}

export const stalledAlert: PlatformAlert = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  kind: 'compile_job_stalled',
  subjectId: '9f1e2d3c-0000-7000-8000-0000000000c9',
  tenantId,
  tenantName: 'Robôs do João',
  message: 'Um job de Robôs do João espera há 30 minutos sem nenhum agente disponível.',
  createdAt: '2025-03-12T19:03:00Z',
}

export const otherAlert: PlatformAlert = {
  ...stalledAlert,
  id: '0190c0de-0000-7000-8000-0000000000e2',
  subjectId: '9f1e2d3c-0000-7000-8000-0000000000ca',
  tenantId: null,
  tenantName: null,
  message: 'Um job espera há 45 minutos sem nenhum agente disponível.',
}

export const busyQueue = (): CompileQueue => ({ tenants: [joaoQueue, traderQueue], alerts: [stalledAlert, otherAlert] })
