import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { dashboardKeys } from '@/lib/query-keys/admin-dashboard'

/**
 * Query keys of the admin's commerce screens. They follow the admin catalog's layout (`['admin', resource, …]`),
 * so a robot saved on the Robôs screen also refreshes the license dialog's robot picker, and a write here can
 * refresh the audit log without knowing its filters.
 */
function resourceKeys<const Name extends string>(name: Name) {
  const all = ['admin', name] as const
  return {
    all,
    list: <Params extends object>(params: Params) => [...all, 'list', params] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  }
}

export const adminCommerceKeys = {
  clients: resourceKeys('clients'),
  licenses: resourceKeys('client-robots'),
  sales: resourceKeys('sales'),
  subscriptions: resourceKeys('subscriptions'),
  hotmartEvents: resourceKeys('hotmart-events'),
  /** Same prefix as the admin catalog's robot lists. */
  robots: resourceKeys('robots'),
  /** What every write changes besides its own list: the audit trail and the dashboard's figures. */
  sideEffects: [catalogKeys.auditLog.all, dashboardKeys.all] as const,
}
