/**
 * Test data of the admin commerce screens (imported by tests only); the fake API is in src/test/api-routes.
 */
import { page } from '@/test/api-routes'

export const tenantA = { id: '0190c0de-0000-7000-8000-00000000000a', name: 'Robôs do João', url: 'robosdojoao.com.br' }
export const tenantB = { id: '0190c0de-0000-7000-8000-00000000000b', name: 'Trader Pro', url: 'traderpro.com' }

/** GET /api/tenants as the tenant selects read it. */
export function tenantsPage() {
  return page(
    [tenantA, tenantB].map((tenant) => ({
      ...tenant,
      status: 'active',
      createdAt: '2025-01-01T12:00:00Z',
      activationDate: '2025-01-01T12:00:00Z',
      hotmartConfigured: false,
      secretPrefix: 'abcd',
      displayName: null,
      logoUrl: null,
    })),
    { pageSize: 100 },
  )
}
