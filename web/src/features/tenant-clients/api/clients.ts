import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentParams } from '@/lib/api/present-params'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'
import { useInvalidate } from './invalidate'

export type ClientItem = components['schemas']['ClientItem']
export type ClientStatus = components['schemas']['ClientStatus']
export type ClientDetails = components['schemas']['ClientDetails']
export type ClientSale = ClientDetails['sales'][number]
export type ClientSubscription = ClientDetails['subscriptions'][number]
export type OwnerClientRequest = components['schemas']['OwnerClientRequest']
export type ClientListParams = NonNullable<paths['/api/tenant/clients']['get']['parameters']['query']>

/** What the client dialog sends: without `password` when none was typed, so an edit keeps the current one. */
export type ClientPayload = Omit<OwnerClientRequest, 'password'> & { password?: string }

/** A page of the owner's clients (q: part of the name or e-mail). */
export const tenantClientsQuery = (params: ClientListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: tenantClientKeys.clients.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/clients', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One client with their licenses, subscriptions, sales and installations (404 for an id of no client of the tenant). */
export const clientDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: tenantClientKeys.clients.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/clients/{id}/details', { params: { path: { id } }, signal })),
  })

export function useSaveClient() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ClientPayload }) => {
      // The generated type lists every field because the server defaults them; a missing password keeps the current one.
      const request = body as OwnerClientRequest
      return id
        ? unwrap(api.PATCH('/api/tenant/clients/{id}', { params: { path: { id } }, body: request }))
        : unwrap(api.POST('/api/tenant/clients', { body: request }))
    },
    // Details pages and the license list show the client's name and e-mail too.
    onSuccess: () => invalidate(tenantClientKeys.clients.all, tenantClientKeys.licenses.all),
  })
}

/** Sends the client the welcome e-mail for one robot; answers the server's confirmation text. */
export function useSendClientEmail() {
  return useMutation({
    mutationFn: ({ clientId, robotId }: { clientId: string; robotId: string }) =>
      unwrap(api.POST('/api/tenant/clients/{id}/send-email', { params: { path: { id: clientId } }, body: { robotId } })),
  })
}
