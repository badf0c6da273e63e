import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { presentFilters, type PageParams } from '@/lib/api/list-params'

export type OwnerItem = components['schemas']['OwnerItem']
export type OwnerRequest = components['schemas']['OwnerRequest']
export type OwnerRole = components['schemas']['OwnerRole']

/**
 * What the owner dialog sends: the API's request, where `password` may be left out. The server
 * reads an absent password as "keep the current one" on edit.
 */
export type OwnerPayload = Omit<OwnerRequest, 'password'> & { password?: string }

// The generated type marks every field as present (each defaults to null on the server).
const asRequest = (body: OwnerPayload) => body as OwnerRequest

export interface OwnerFilters {
  q?: string
  tenantId?: string
}

export const ownersQuery = (params: PageParams & OwnerFilters) => {
  const query = { ...presentFilters(params), page: params.page, pageSize: params.pageSize }
  return queryOptions({
    queryKey: catalogKeys.owners.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant-owners', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

function useInvalidateOwners() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.owners.all }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.auditLog.all }),
    ])
}

export function useCreateOwner() {
  const invalidate = useInvalidateOwners()
  return useMutation({
    mutationFn: (body: OwnerPayload) => unwrap(api.POST('/api/tenant-owners', { body: asRequest(body) })),
    onSuccess: invalidate,
  })
}

export function useUpdateOwner() {
  const invalidate = useInvalidateOwners()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OwnerPayload }) =>
      unwrap(api.PATCH('/api/tenant-owners/{id}', { params: { path: { id } }, body: asRequest(body) })),
    onSuccess: invalidate,
  })
}
