import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'
import { presentParams } from '@/lib/api/present-params'
import { useInvalidate } from './invalidate'

export type HotmartEventItem = components['schemas']['HotmartEventItem']

export interface FailedEventParams {
  page?: number
  pageSize?: number
  tenantId?: string
}

/** Hotmart events whose retries ran out, newest first. */
export const failedHotmartEventsQuery = (params: FailedEventParams) => {
  const query = presentParams({ ...params, failed: true })
  return queryOptions({
    queryKey: adminCommerceKeys.hotmartEvents.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/hotmart-events', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** Queues a failed event for processing again; the event leaves the failed list and its sale may appear. */
export function useReplayHotmartEvent() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/hotmart-events/{id}/replay', { params: { path: { id } } })),
    onSuccess: () => invalidate(adminCommerceKeys.hotmartEvents.all, adminCommerceKeys.sales.all, adminCommerceKeys.subscriptions.all, adminCommerceKeys.licenses.all),
  })
}
