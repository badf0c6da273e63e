import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { PAGE_SIZE } from '@/components/data'
import { clientAreaKeys } from './keys'

export type ClientPurchaseItem = components['schemas']['ClientPurchaseItem']

export const clientPurchasesQuery = (page: number) =>
  queryOptions({
    queryKey: clientAreaKeys.purchases(page),
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/purchases', { params: { query: { page, pageSize: PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  })

export function useClientPurchases(page: number) {
  return useQuery(clientPurchasesQuery(page))
}
