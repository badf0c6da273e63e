import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'

export type TenantLimits = components['schemas']['TenantLimitsView']
export type TenantLimitsRequest = components['schemas']['TenantLimitsRequest']

const limitsKey = (tenantId: string) => [...catalogKeys.tenants.all, 'limits', tenantId] as const

/** What a tenant may do beyond its plan (DLL imports) and its storage quota, with its use now. */
export const tenantLimitsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: limitsKey(tenantId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenants/{id}/limits', { params: { path: { id: tenantId } }, signal })),
    // The use changes with every upload: each opening shows it as it is now.
    staleTime: 0,
  })

/** Sets both limits; the answer (with the use now) replaces the cached one. The change is audited. */
export function useUpdateTenantLimits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tenantId, body }: { tenantId: string; body: TenantLimitsRequest }) =>
      unwrap(api.PUT('/api/tenants/{id}/limits', { params: { path: { id: tenantId } }, body })),
    onSuccess: (saved, { tenantId }) => {
      queryClient.setQueryData(limitsKey(tenantId), saved)
      return queryClient.invalidateQueries({ queryKey: catalogKeys.auditLog.all })
    },
  })
}
