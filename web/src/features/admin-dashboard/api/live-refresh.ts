import { useCallback } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { dashboardKeys } from '@/lib/query-keys/admin-dashboard'

/** Only the type matters here; the stream's `connected` handshake and unknown types pass through harmlessly. */
export interface DashboardNotification {
  type: string
}

/** Notifications that move the dashboard's numbers: a sale, a refund, a cancelled subscription. */
const DASHBOARD_EVENTS: ReadonlySet<string> = new Set(['NEW_SALE', 'REFUND', 'SUBSCRIPTION_CANCELLED'])

/**
 * Marks the dashboard's cards, panels and charts stale when a notification says its numbers moved:
 * an open dashboard refetches at once, a closed one on its next visit. Returns whether it did.
 */
export function invalidateDashboardOn(queryClient: QueryClient, notification: DashboardNotification): boolean {
  if (!DASHBOARD_EVENTS.has(notification.type)) return false
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
  return true
}

/**
 * `refreshDashboardOn(notification)`, bound to the app's query client: hand it to the notification
 * stream as its `onNotification` callback so the dashboard follows new sales live.
 */
export function useDashboardLiveRefresh(): (notification: DashboardNotification) => void {
  const queryClient = useQueryClient()
  return useCallback((notification: DashboardNotification) => void invalidateDashboardOn(queryClient, notification), [queryClient])
}
