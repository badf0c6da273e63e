import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type SalesPageItem = components['schemas']['SalesPageItem']
export type SalesPageSections = components['schemas']['SalesPageSections']

/** A robot's sales page: four HTML sections (as stored, sanitized) and where it is published. */
export const salesPageQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.salesPage(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{id}/sales-page', { params: { path: { id: robotId } }, signal })),
  })

/**
 * Saves the four sections; the server sanitizes them and answers with what it stored, which replaces the cache
 * (a section left out would be emptied, so all four always go).
 */
export function useSaveSalesPage(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SalesPageSections) => unwrap(api.PATCH('/api/tenant/robots/{id}/sales-page', { params: { path: { id: robotId } }, body })),
    onSuccess: (stored) => queryClient.setQueryData(tenantCatalogKeys.robots.salesPage(robotId), stored),
  })
}
