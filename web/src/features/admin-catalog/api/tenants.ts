import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { authKeys } from '@/lib/query-keys/auth'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { presentFilters, type PageParams } from '@/lib/api/list-params'

export type TenantItem = components['schemas']['TenantListItem']
export type TenantRequest = components['schemas']['TenantRequest']
export type TenantStatus = components['schemas']['TenantStatus']
/** A new tenant with its portals' addresses and what became of its first owner's invitation. */
export type CreatedTenant = components['schemas']['CreatedTenant']

export interface TenantFilters {
  q?: string
  status?: TenantStatus
}

export const tenantsQuery = (params: PageParams & TenantFilters) => {
  const query = { ...presentFilters(params), page: params.page, pageSize: params.pageSize }
  return queryOptions({
    queryKey: catalogKeys.tenants.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenants', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/**
 * A tenant's name shows on owners, robots, clients, sales… of every screen, and deleting one takes
 * all of those with it: every cached list except the sessions is out of date afterwards.
 */
function invalidateAfterTenantChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
}

export function useCreateTenant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TenantRequest) => unwrap(api.POST('/api/tenants', { body })),
    onSuccess: () => invalidateAfterTenantChange(queryClient),
  })
}

export function useUpdateTenant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TenantRequest }) => unwrap(api.PATCH('/api/tenants/{id}', { params: { path: { id } }, body })),
    onSuccess: () => invalidateAfterTenantChange(queryClient),
  })
}

export function useDeleteTenant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/tenants/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidateAfterTenantChange(queryClient),
  })
}
