import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { dashboardKeys } from '@/lib/query-keys/admin-dashboard'

type Schemas = components['schemas']

export type DashboardStats = Schemas['DashboardStats']
export type DashboardTrends = Schemas['Trends']
export type DashboardActivity = Schemas['DashboardActivity']
export type RecentTenant = Schemas['RecentTenantItem']
export type RecentSale = Schemas['RecentSaleItem']
export type PerformanceAlert = Schemas['PerformanceAlertItem']
export type MonthRevenue = Schemas['MonthRevenueItem']
export type DayChecks = Schemas['DayChecksItem']
export type PlatformHealth = Schemas['PlatformHealth']
export type HealthCheck = Schemas['HealthCheck']
export type HealthLevel = Schemas['HealthLevel']

/** How often the health panel asks again: a compile waiting or an agent gone shows within half a minute. */
export const HEALTH_POLL_MS = 30_000

/** The seven cards with their month-over-month trends. */
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats(), queryFn: () => unwrap(api.GET('/api/dashboard/stats')) })

/** Recent tenants and sales, performance alerts and the two charts' series. */
export const dashboardActivityQuery = () =>
  queryOptions({ queryKey: dashboardKeys.activity(), queryFn: () => unwrap(api.GET('/api/dashboard/activity')) })

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery())
}

export function useDashboardActivity() {
  return useQuery(dashboardActivityQuery())
}

/** Agents online, the oldest waiting compile, the AI model and the platform mail, each with the screen that fixes it. */
export const platformHealthQuery = () =>
  queryOptions({ queryKey: dashboardKeys.health(), queryFn: () => unwrap(api.GET('/api/admin/health')), refetchInterval: HEALTH_POLL_MS })

export function usePlatformHealth() {
  return useQuery(platformHealthQuery())
}
