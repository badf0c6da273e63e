import { useCallback } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

/** What a live notification can have changed for the owner: the dashboard's figures, the sales and subscriptions. */
export const LIVE_REFRESH_KEYS = [tenantCommerceKeys.stats, tenantCommerceKeys.sales.all, tenantCommerceKeys.subscriptions.all] as const

/**
 * Marks those queries stale: the open screen refetches at once, the others on their next visit.
 * Every notification the owner's stream carries is about a sale, a refund or a subscription, so any one refreshes.
 */
export function refreshTenantCommerce(queryClient: QueryClient): Promise<void[]> {
  return Promise.all(LIVE_REFRESH_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** `refreshTenantCommerce`, bound to the app's query client: the notification bell's `onNotification`. */
export function useTenantLiveRefresh(): () => void {
  const queryClient = useQueryClient()
  return useCallback(() => void refreshTenantCommerce(queryClient), [queryClient])
}
