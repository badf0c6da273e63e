import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import { formDataOf, multipartOptions } from '@/lib/api/multipart'
import type { components } from '@/lib/api/schema'

export type SharedBuildClient = components['schemas']['SharedBuildClient']
export type LeakTrace = components['schemas']['LeakTrace']
export type BuildDownload = components['schemas']['BuildDownloadItem']
export type RevokedBuild = components['schemas']['RevokedBuild']

/** Personal builds (decision 0015) of the tenant's robots, per robot; a revocation refreshes them all. */
export const personalBuildKeys = {
  all: ['tenant', 'personal-builds'] as const,
  sharedBuildClients: (robotId: string) => [...personalBuildKeys.all, 'shared-build-clients', robotId] as const,
}

/** The robot's active licenses still downloading the shared file (no ready personal copy of the active version). */
export const sharedBuildClientsQuery = (robotId: string) =>
  queryOptions({
    queryKey: personalBuildKeys.sharedBuildClients(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{robotId}/shared-build-clients', { params: { path: { robotId } }, signal })),
  })

/**
 * Whose copy a found .ex5 is (multipart `file`; the server does not keep it). 404 when no copy of this robot matches,
 * 400 for a file that is not an .ex5, 413 past the robot-file limit, each with a pt-BR message.
 */
export function useTraceLeak() {
  return useMutation({
    mutationFn: ({ robotId, file }: { robotId: string; file: File }) =>
      unwrap(
        api.POST('/api/tenant/robots/{robotId}/leak-trace', {
          params: { path: { robotId } },
          body: formDataOf({ file }),
          ...multipartOptions,
        }),
      ),
  })
}

/** Revokes one personal copy: its next license check fails; the buyer's other copies and robots keep working. */
export function useRevokeBuild() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ licenseId, buildId }: { licenseId: string; buildId: string }) =>
      unwrap(api.POST('/api/tenant/licenses/{id}/builds/revoke', { params: { path: { id: licenseId } }, body: { buildId } })),
    // A revoked copy of the active version puts its buyer back on the shared file.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personalBuildKeys.all }),
  })
}
