import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type RobotSeatPolicy = components['schemas']['RobotSeatPolicy']
export type RobotSeatPolicyRequest = components['schemas']['RobotSeatPolicyRequest']

/** How many accounts a license of the robot runs on, what demo and contest accounts do, which brokers, trials on demo. */
export const robotSeatPolicyQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.seatPolicy(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{robotId}/seat-policy', { params: { path: { robotId } }, signal })),
  })

/** Replaces the robot's seat policy; accounts already bound keep their seats (the rules apply from the next binding). */
export function useSaveRobotSeatPolicy(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RobotSeatPolicyRequest) => unwrap(api.PUT('/api/tenant/robots/{robotId}/seat-policy', { params: { path: { robotId } }, body })),
    onSuccess: (saved) => queryClient.setQueryData(tenantCatalogKeys.robots.seatPolicy(robotId), saved),
  })
}
