import { catalogKeys } from '@/lib/query-keys/admin-catalog'

/**
 * Query keys of the admin's compile screens. They follow the other admin screens' layout (`['admin', resource, …]`),
 * so a write can refresh one resource without knowing the filters its lists were fetched with.
 */
export const compileKeys = {
  history: {
    all: ['admin', 'compilation-history'] as const,
    list: <Params extends object>(params: Params) => ['admin', 'compilation-history', 'list', params] as const,
    source: (id: string, source: string) => ['admin', 'compilation-history', 'source', id, source] as const,
  },
  authTemplate: ['admin', 'robot-auth-template'] as const,
  agents: ['admin', 'compile-agents'] as const,
  pools: ['admin', 'compile-pools'] as const,
  queue: ['admin', 'compile-queue'] as const,
  /** The tenants a pool dialog offers, by search text; under the tenants' prefix, so a tenant write refreshes them. */
  tenantChoices: (q: string) => [...catalogKeys.tenants.all, 'pool-choices', q] as const,
  /** Every write here is audited: the audit log's lists are out of date after one. */
  auditLog: catalogKeys.auditLog.all,
}
