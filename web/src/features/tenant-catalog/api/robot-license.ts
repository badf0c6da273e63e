import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type RobotLicenseSettings = components['schemas']['RobotLicenseSettings']
export type BindingPolicy = components['schemas']['BindingPolicy']
export type LatePayment = components['schemas']['LatePayment']
type RobotLicenseChanges = components['schemas']['RobotLicenseChanges']

/**
 * How a robot's license check behaves: the Ed25519 public key its .ex5 verifies answers with (null before its first
 * build), the offline grace, how a license gets its MT5 account, and which versions still carry the v1 check.
 */
export const robotLicenseQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.license(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{id}/license', { params: { path: { id: robotId } }, signal })),
  })

/** Saves the offline grace (seconds) and the binding policy; the next check of every installation uses them. */
export function useSaveRobotLicense(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RobotLicenseChanges) => unwrap(api.PATCH('/api/tenant/robots/{id}/license', { params: { path: { id: robotId } }, body })),
    onSuccess: (saved) => queryClient.setQueryData(tenantCatalogKeys.robots.license(robotId), saved),
  })
}

/**
 * Rebuilds the active version from the .mq5 that was imported for it, with today's license check (v2). The compile
 * job it queues becomes the robot's next version, for the owner to activate; 409 when there is no imported source.
 */
export function useRebuildRobotLicense(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/tenant/robots/{id}/license/rebuild', { params: { path: { id: robotId } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.robots.license(robotId) }),
  })
}
