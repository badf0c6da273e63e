import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { clientAreaKeys } from './keys'

export type ClientSubscriptionItem = components['schemas']['ClientSubscriptionItem']
export type ClientCancelResult = components['schemas']['ClientCancelResult']

export const clientSubscriptionsQuery = () =>
  queryOptions({
    queryKey: clientAreaKeys.subscriptions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/subscriptions', { signal })),
  })

export function useClientSubscriptions() {
  return useQuery(clientSubscriptionsQuery())
}

/**
 * Cancels one of the client's active subscriptions (409 when it is no longer active). The server says how it went
 * (`outcome`, `message`): cancelled here, cancelled at Hotmart too, or — for a subscription only Hotmart can stop —
 * the request recorded and the seller told, the subscription still active. A Hotmart refusal (422) or outage (503)
 * changes nothing. The call has no body: the API client's `X-Requested-With` header is what the server's cross-site
 * guard accepts instead of JSON.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.PATCH('/api/client/subscriptions/{id}/cancel', { params: { path: { id } } })),
    onSuccess: ({ subscription: updated }) => {
      queryClient.setQueryData<ClientSubscriptionItem[]>(clientAreaKeys.subscriptions, (list) =>
        list?.map((subscription) => (subscription.id === updated.id ? updated : subscription)),
      )
      // The dashboard counts active subscriptions.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientAreaKeys.subscriptions }),
        queryClient.invalidateQueries({ queryKey: clientAreaKeys.dashboard }),
      ])
    },
    // A 409 means the list on screen is stale (cancelled elsewhere): show the server's current state.
    onError: () => queryClient.invalidateQueries({ queryKey: clientAreaKeys.subscriptions }),
  })
}
