import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

/** One read of Hotmart's sales history: when, who asked, how many days, what it found and fed, and the server's pt-BR summary. */
export type ReconciliationItem = components['schemas']['ReconciliationItem']
export type ReconciliationStatus = components['schemas']['ReconciliationStatus']

/** The windows the owner may ask for (the API takes 1 to 30 days; 7 when absent). */
export const reconciliationDayChoices = [1, 7, 30] as const
export const defaultReconciliationDays = 7

// Not under ['tenant', 'sales-channels', 'hotmart']: saving the hottok merges its answer into every query there.
export const hotmartReconciliationKey = ['tenant', 'sales-channels', 'hotmart-reconciliation'] as const
// What recovered sales and refunds change: the channels' logs, sales, subscriptions, clients, licenses and the dashboard.
const touchedByRecovery = [
  ['tenant', 'sales-channels', 'hotmart'],
  tenantCommerceKeys.stats,
  tenantCommerceKeys.sales.all,
  tenantCommerceKeys.subscriptions.all,
  tenantClientKeys.clients.all,
  tenantClientKeys.licenses.all,
] as const

/** The latest reconciliation of the tenant's Hotmart sales (null before the first one). */
export const hotmartReconciliationQuery = () =>
  queryOptions({
    queryKey: hotmartReconciliationKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/sales-channels/hotmart/reconciliation', { signal })),
  })

/**
 * Reads Hotmart's sales history of the last `days` now (it may take seconds) and feeds what the webhook missed; the
 * answer becomes the latest run. 429 when asked again within 30 s, 400 with a field error on `days`.
 */
export function useRunHotmartReconciliation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (days: number) => unwrap(api.POST('/api/tenant/sales-channels/hotmart/reconciliation', { body: { days } })),
    onSuccess: (run) => {
      queryClient.setQueryData<ReconciliationStatus>(hotmartReconciliationKey, { latest: run })
      void queryClient.invalidateQueries({ queryKey: hotmartReconciliationKey })
      if (run.recovered > 0) {
        for (const queryKey of touchedByRecovery) void queryClient.invalidateQueries({ queryKey })
      }
    },
  })
}
