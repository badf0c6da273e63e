import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'
import { presentParams } from '@/lib/api/present-params'
import { useInvalidate } from './invalidate'

export type LicenseItem = components['schemas']['LicenseItem']
export type LicenseRequest = components['schemas']['LicenseRequest']
export type LicenseStatus = components['schemas']['LicenseStatus']
export type LicenseListParams = NonNullable<paths['/api/client-robots']['get']['parameters']['query']>

/** A page of licenses (q: client name or e-mail, or robot name; from/to: activation-date range, YYYY-MM-DD). */
export const licensesQuery = (params: LicenseListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: adminCommerceKeys.licenses.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/client-robots', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useSaveLicense() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: LicenseRequest }) =>
      id
        ? unwrap(api.PATCH('/api/client-robots/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/client-robots', { body })),
    onSuccess: () => invalidate(adminCommerceKeys.licenses.all),
  })
}
