import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { clientAreaKeys } from './keys'

export type ClientDashboard = components['schemas']['ClientDashboard']

/** The client's name, active license and subscription counts, and the tenant's training link. */
export const clientDashboardQuery = () =>
  queryOptions({
    queryKey: clientAreaKeys.dashboard,
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/dashboard', { signal })),
  })

/** Used by the dashboard and by the training page (which only needs `lessonsUrl`). */
export function useClientDashboard() {
  return useQuery(clientDashboardQuery())
}
