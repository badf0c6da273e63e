import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'
import { presentParams } from '@/lib/api/present-params'
import { useInvalidate } from './invalidate'

export type ClientItem = components['schemas']['ClientItem']
export type ClientRequest = components['schemas']['ClientRequest']
export type ClientStatus = components['schemas']['ClientStatus']
export type ClientListParams = NonNullable<paths['/api/clients']['get']['parameters']['query']>

/** A page of clients of every tenant (q: part of the name or e-mail). */
export const clientsQuery = (params: ClientListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: adminCommerceKeys.clients.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/clients', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useSaveClient() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ClientRequest }) =>
      id ? unwrap(api.PATCH('/api/clients/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/api/clients', { body })),
    onSuccess: () => invalidate(adminCommerceKeys.clients.all),
  })
}

/** How many clients a picker offers at once; more are reached by searching. */
export const CLIENT_PICKER_SIZE = 50

/**
 * The clients of one tenant for a dialog's picker, searched on the server (q) rather than loaded whole.
 * While a new search runs the previous results of the same tenant stay; another tenant's never show.
 */
export const tenantClientOptionsQuery = (tenantId: string, q: string) => {
  const query = presentParams({ tenantId, q, pageSize: CLIENT_PICKER_SIZE })
  return queryOptions({
    queryKey: adminCommerceKeys.clients.list({ ...query, picker: true }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/clients', { params: { query }, signal })),
    enabled: tenantId !== '',
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3]?.tenantId === tenantId ? previous : undefined),
  })
}
