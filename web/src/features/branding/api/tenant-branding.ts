import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api/client'
import type { TenantBranding } from '@/lib/api/types'
import { brandingKeys } from '@/lib/query-keys/branding'

/** `?secret=` lets a tenant link straight to a branded login page. */
function brandingSecretFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('secret')?.trim() || undefined
}

async function fetchBranding(secret: string | undefined): Promise<TenantBranding | null> {
  try {
    return await unwrap(api.GET('/api/public/tenant-branding', { params: { query: secret ? { secret } : {} } }))
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
    queryFn: () => fetchBranding(secret),
    staleTime: Infinity,
    retry: false,
    meta: { public: true },
  })

export function useTenantBranding() {
  return useQuery(tenantBrandingQuery(brandingSecretFromUrl()))
}
