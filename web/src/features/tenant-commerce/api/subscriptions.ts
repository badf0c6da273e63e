import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentParams } from '@/lib/api/present-params'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

export type SubscriptionItem = components['schemas']['SubscriptionItem']
export type SubscriptionStatus = components['schemas']['SubscriptionStatus']
export type Recurrence = components['schemas']['Recurrence']
export type OwnerSubscriptionDetail = components['schemas']['OwnerSubscriptionDetail']
export type ChargeItem = components['schemas']['ChargeItem']
export type TenantSubscriptionListParams = NonNullable<paths['/api/tenant/subscriptions']['get']['parameters']['query']>

/** A page of the owner's subscriptions, newest first (q: part of the external id or of the client's name or e-mail). */
export const tenantSubscriptionsQuery = (params: TenantSubscriptionListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: tenantCommerceKeys.subscriptions.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/subscriptions', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One subscription with its payments (newest first) and the original Hotmart payload. */
export const tenantSubscriptionDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tenantCommerceKeys.subscriptions.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/subscriptions/{id}', { params: { path: { id } }, signal })),
  })
