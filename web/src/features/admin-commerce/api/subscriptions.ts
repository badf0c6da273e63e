import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'
import { presentParams } from '@/lib/api/present-params'
import { useInvalidate } from './invalidate'

export type SubscriptionItem = components['schemas']['SubscriptionItem']
export type SubscriptionRequest = components['schemas']['SubscriptionRequest']
export type SubscriptionStatus = components['schemas']['SubscriptionStatus']
export type Recurrence = components['schemas']['Recurrence']
export type SubscriptionListParams = NonNullable<paths['/api/subscriptions']['get']['parameters']['query']>

/** A page of subscriptions (q: part of the external id or of the client's name or e-mail). */
export const subscriptionsQuery = (params: SubscriptionListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: adminCommerceKeys.subscriptions.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/subscriptions', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useSaveSubscription() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SubscriptionRequest }) =>
      id
        ? unwrap(api.PATCH('/api/subscriptions/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/subscriptions', { body })),
    onSuccess: () => invalidate(adminCommerceKeys.subscriptions.all),
  })
}
