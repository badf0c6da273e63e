import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api/client'
import type { TenantSession } from '@/lib/api/types'
import { forgetTenantSecret, readTenantSecret } from '@/lib/api/tenant-context'
import { authKeys } from '@/lib/query-keys/auth'

/*
 * Reading the tenant owner's session: the portal's gates, its layout and the role checks of features
 * (tenant-access) all read it. Signing in and out is in features/auth.
 */

async function fetchTenantSession(): Promise<TenantSession | null> {
  const secretSent = readTenantSecret()
  try {
    return await unwrap(api.GET('/api/tenant-auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // The stored key no longer opens a session: drop it, unless a login stored a new one meanwhile.
      if (readTenantSecret() === secretSent) forgetTenantSecret()
      return null
    }
    throw error
  }
}

/** The signed-in tenant owner with their tenant, or null. */
export const tenantSessionQuery = () =>
  queryOptions({ queryKey: authKeys.session('tenant'), queryFn: fetchTenantSession, staleTime: 5 * 60_000, retry: false })

export function useTenantSession() {
  return useQuery(tenantSessionQuery())
}
