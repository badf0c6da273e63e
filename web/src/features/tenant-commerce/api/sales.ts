import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentParams } from '@/lib/api/present-params'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

export type SaleItem = components['schemas']['SaleItem']
export type SaleDetail = components['schemas']['SaleDetail']
export type SaleStatus = components['schemas']['SaleStatus']
export type Origin = components['schemas']['Origin']
export type TenantSaleListParams = NonNullable<paths['/api/tenant/sales']['get']['parameters']['query']>

/** A page of the owner's sales, newest first (q: part of the external id). */
export const tenantSalesQuery = (params: TenantSaleListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: tenantCommerceKeys.sales.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/sales', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One sale with the original Hotmart payload (null for manual sales). */
export const tenantSaleDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tenantCommerceKeys.sales.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/sales/{id}', { params: { path: { id } }, signal })),
  })
