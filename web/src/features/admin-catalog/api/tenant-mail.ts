import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'

export type TenantMailItem = components['schemas']['TenantMailItem']
export type TenantMailRequest = components['schemas']['TenantMailRequest']

const mailKeys = {
  all: [...catalogKeys.tenants.all, 'mail'] as const,
  list: (params: { page: number; pageSize: number; q?: string }) => [...catalogKeys.tenants.all, 'mail', 'list', params] as const,
}

/** Every tenant's mail over 24 hours and 30 days (sent, refused, bounced, spam), busiest first. */
export const mailVolumeQuery = (params: { page: number; pageSize: number; q?: string }) =>
  queryOptions({
    queryKey: mailKeys.list(params),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/mail-volume', { params: { query: { page: params.page, pageSize: params.pageSize, ...(params.q ? { q: params.q } : {}) } }, signal })),
  })

/** Suspends or resumes a tenant's mail (and keeps its limits); audited. */
export function useUpdateTenantMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tenantId, body }: { tenantId: string; body: TenantMailRequest }) =>
      unwrap(api.PUT('/api/tenants/{id}/mail', { params: { path: { id: tenantId } }, body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.auditLog.all }),
      ]),
  })
}
