import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api/client'
import type { TenantBranding } from '@/lib/api/types'
import { brandingKeys } from '@/lib/query-keys/branding'

/** `?secret=` lets a tenant link straight to a branded login page. */
function brandingSecretFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('secret')?.trim() || undefined
}

async function fetchBranding(query: { secret?: string; tenant?: string }): Promise<TenantBranding | null> {
  try {
    return await unwrap(api.GET('/api/public/tenant-branding', { params: { query } }))
  } catch (error) {
    // Branding is decoration: without it the portal shows its neutral look.
    if (error instanceof ApiError && error.status < 500) return null
    throw error
  }
}

/** The tenant's look; it hardly ever changes, so it is fetched once per visit, and it is public (kept across logout). */
export const tenantBrandingQuery = (secret: string | undefined) =>
  queryOptions({
    queryKey: brandingKeys.bySecret(secret ?? null),
    queryFn: () => fetchBranding(secret ? { secret } : {}),
    staleTime: Infinity,
    retry: false,
    meta: { public: true },
  })

export function useTenantBranding() {
  return useQuery(tenantBrandingQuery(brandingSecretFromUrl()))
}

/**
 * The look of the tenant an invitation link names (its token starts with the tenant's id): on a development host the
 * id tells the server which tenant; on the tenant's own host the host does. Decoration too: null when unknown.
 */
export const tenantBrandingByReferenceQuery = (tenant: string) =>
  queryOptions({
    queryKey: brandingKeys.byTenant(tenant),
    queryFn: () => fetchBranding(tenant ? { tenant } : {}),
    staleTime: Infinity,
    retry: false,
    meta: { public: true },
  })
