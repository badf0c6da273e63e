import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { factoryKeys } from './keys'

export type AiUsage = components['schemas']['AiUsage']
export type AiTenantUsage = components['schemas']['AiTenantUsage']
export type AiQuotaResult = components['schemas']['AiQuotaResult']
export type TesterQuotaResult = components['schemas']['TesterQuotaResult']

/** Whether a model is configured, and each tenant's AI generations, tokens and cost. */
export const aiUsageQuery = () =>
  queryOptions({
    queryKey: factoryKeys.aiUsage,
    queryFn: ({ signal }) => unwrap(api.GET('/api/ai-usage', { signal })),
  })

/** Sets how many generations a tenant may start per calendar month. */
export function useUpdateAiQuota() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tenantId, monthlyQuota }: { tenantId: string; monthlyQuota: number }) =>
      unwrap(api.PUT('/api/tenants/{id}/ai-quota', { params: { path: { id: tenantId } }, body: { monthlyQuota } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: factoryKeys.aiUsage }),
        queryClient.invalidateQueries({ queryKey: factoryKeys.auditLog }),
      ]),
  })
}

/** Sets a tenant's monthly Strategy Tester minutes (0 stops its backtests; decision 0016). */
export function useUpdateTesterQuota() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tenantId, monthlyMinutes }: { tenantId: string; monthlyMinutes: number }) =>
      unwrap(api.PUT('/api/tenants/{id}/tester-quota', { params: { path: { id: tenantId } }, body: { monthlyMinutes } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factoryKeys.auditLog }),
  })
}
