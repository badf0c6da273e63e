import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'
import { presentParams } from '@/lib/api/present-params'
import { useInvalidate } from './invalidate'

export type SaleItem = components['schemas']['SaleItem']
export type SaleDetail = components['schemas']['SaleDetail']
export type SaleRequest = components['schemas']['SaleRequest']
export type SaleStatus = components['schemas']['SaleStatus']
export type Origin = components['schemas']['Origin']
export type PaymentMethod = components['schemas']['PaymentMethod']
export type SaleListParams = NonNullable<paths['/api/sales']['get']['parameters']['query']>

/** A page of sales (q: part of the external id). */
export const salesQuery = (params: SaleListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: adminCommerceKeys.sales.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/sales', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One sale with the provider's original payload. */
export const saleDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminCommerceKeys.sales.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/sales/{id}', { params: { path: { id } }, signal })),
  })

export function useSaveSale() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SaleRequest }) =>
      id ? unwrap(api.PATCH('/api/sales/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/api/sales', { body })),
    onSuccess: () => invalidate(adminCommerceKeys.sales.all, adminCommerceKeys.licenses.all, adminCommerceKeys.subscriptions.all),
  })
}

/** How many sales a picker offers at once; more are reached by searching the external id. */
export const SALE_PICKER_SIZE = 50

/** The sales of one tenant for a dialog's picker, searched on the server by external id (q). */
export const tenantSaleOptionsQuery = (tenantId: string, q: string) => {
  const query = presentParams({ tenantId, q, pageSize: SALE_PICKER_SIZE })
  return queryOptions({
    queryKey: adminCommerceKeys.sales.list({ ...query, picker: true }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/sales', { params: { query }, signal })),
    enabled: tenantId !== '',
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3]?.tenantId === tenantId ? previous : undefined),
  })
}
