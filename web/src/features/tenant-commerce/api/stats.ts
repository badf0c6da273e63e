import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

export type TenantStats = components['schemas']['TenantStats']
export type DayRevenue = components['schemas']['DayRevenueItem']

/** The dashboard's four cards, the performance alert and the two 30-day series, in one call. */
export const tenantStatsQuery = () =>
  queryOptions({
    queryKey: tenantCommerceKeys.stats,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/stats', { signal })),
  })

export function useTenantStats() {
  return useQuery(tenantStatsQuery())
}
