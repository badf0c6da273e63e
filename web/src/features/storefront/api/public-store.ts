import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { storefrontKeys } from '@/lib/query-keys/storefront'

export type PublicStore = components['schemas']['PublicStore']
export type PublicStoreRobot = components['schemas']['PublicStoreRobot']
export type StoreRobotSummary = components['schemas']['StoreRobotSummary']
export type StoreSection = components['schemas']['StoreSection']
export type StoreBranding = components['schemas']['TenantBranding']

// The storefront is public: no session, and its tenant comes from the host (or `?tenant=` on development hosts, added
// by the API client). Kept for a minute: a buyer going back and forth between the catalog and a page reads it once.
const STALE_MS = 60_000

/** The catalog: the tenant's look and its published robots. */
export const storeQuery = () =>
  queryOptions({
    queryKey: storefrontKeys.catalog(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/public/store', { signal })),
    staleTime: STALE_MS,
    retry: false,
    meta: { public: true },
  })

/** One published robot's sales page. */
export const storeRobotQuery = (robotId: string) =>
  queryOptions({
    queryKey: storefrontKeys.robot(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/public/store/robots/{robotId}', { params: { path: { robotId } }, signal })),
    staleTime: STALE_MS,
    retry: false,
    meta: { public: true },
  })

export const useStore = () => useQuery(storeQuery())
export const useStoreRobot = (robotId: string) => useQuery(storeRobotQuery(robotId))
