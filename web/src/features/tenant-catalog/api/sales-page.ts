import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type SalesPageItem = components['schemas']['SalesPageItem']
export type SalesPageChanges = components['schemas']['SalesPageChanges']

/** A robot's storefront page: sections, price, checkout link, publishing, the advanced HTML, where it lives and its preview. */
export const salesPageQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.salesPage(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{id}/sales-page', { params: { path: { id: robotId } }, signal })),
  })

/** Saves the page; the server checks and sanitizes it and answers with what it stored, which replaces the cache. */
export function useSaveSalesPage(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SalesPageChanges) => unwrap(api.PATCH('/api/tenant/robots/{id}/sales-page', { params: { path: { id: robotId } }, body })),
    onSuccess: (stored) => queryClient.setQueryData(tenantCatalogKeys.robots.salesPage(robotId), stored),
  })
}
