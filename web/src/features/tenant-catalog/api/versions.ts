import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { formDataOf, multipartOptions } from '@/lib/api/multipart'

export type RobotVersions = components['schemas']['RobotVersions']
export type VersionItem = components['schemas']['VersionItem']
export type VersionAnnouncement = components['schemas']['VersionAnnouncement']
export type VersionInstallationsItem = components['schemas']['VersionInstallationsItem']
type VersionNotesRequest = components['schemas']['VersionNotesRequest']

/** A robot with its versions (highest first), the active one and the number suggested for the next upload. */
export const robotVersionsQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.versions(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{robotId}/versions', { params: { path: { robotId } }, signal })),
  })

/**
 * After a version write: this robot's versions, the robot lists (they show the active version) and the storage use
 * (a file was stored or replaced).
 */
function useInvalidateVersions() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([tenantCatalogKeys.robots.all, tenantCatalogKeys.storage].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export interface UploadVersionInput {
  robotId: string
  /** Major.Minor.Patch. */
  version: string
  file: File
  notes: string
}

/** Uploads a version (multipart `file`, `version`, `notes`); the first one of a robot becomes active. */
export function useUploadVersion() {
  const invalidate = useInvalidateVersions()
  return useMutation({
    mutationFn: ({ robotId, version, file, notes }: UploadVersionInput) =>
      unwrap(
        api.POST('/api/tenant/robots/{robotId}/versions/upload', {
          params: { path: { robotId } },
          body: formDataOf({ file, version, notes }),
          ...multipartOptions,
        }),
      ),
    onSuccess: invalidate,
  })
}

/** Makes a version the one clients download; answers the robot's versions as they are now. */
export function useActivateVersion() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateVersions()
  return useMutation({
    mutationFn: ({ robotId, version }: { robotId: string; version: string }) =>
      unwrap(api.PATCH('/api/tenant/robots/{robotId}/active-version', { params: { path: { robotId } }, body: { version } })),
    onSuccess: (versions, { robotId }) => {
      queryClient.setQueryData(tenantCatalogKeys.robots.versions(robotId), versions)
      return invalidate()
    },
  })
}

/**
 * Withdraws a version: robots running it stop at their next check, told to download the active one. The active
 * version itself is refused (422, with the server's text).
 */
export function useWithdrawVersion() {
  const invalidate = useInvalidateVersions()
  return useMutation({
    mutationFn: ({ robotId, versionId }: { robotId: string; versionId: string }) =>
      unwrap(api.POST('/api/tenant/robots/{robotId}/versions/{versionId}/withdraw', { params: { path: { robotId, versionId } } })),
    onSuccess: invalidate,
  })
}

/** Offers a withdrawn version again: robots running it pass the check. */
export function useRestoreVersion() {
  const invalidate = useInvalidateVersions()
  return useMutation({
    mutationFn: ({ robotId, versionId }: { robotId: string; versionId: string }) =>
      unwrap(api.POST('/api/tenant/robots/{robotId}/versions/{versionId}/restore', { params: { path: { robotId, versionId } } })),
    onSuccess: invalidate,
  })
}

/** Installations seen in the last 30 days per version, highest first, then those whose version is unknown (`version: null`). */
export const installationsByVersionQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.installationsByVersion(robotId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/tenant/robots/{robotId}/installations-by-version', { params: { path: { robotId } }, signal })),
  })

export interface UpdateVersionInput {
  robotId: string
  versionId: string
  notes: string
  /** A replacement file; without one only the notes change (sent as JSON). */
  file?: File | null
}

/**
 * Edits a version: JSON `{notes}` for the notes alone, multipart `file` and `notes` to replace the file
 * (the generated type knows the JSON form only, hence the cast).
 */
export function useUpdateVersion() {
  const invalidate = useInvalidateVersions()
  return useMutation({
    mutationFn: ({ robotId, versionId, notes, file }: UpdateVersionInput) => {
      const params = { path: { robotId, versionId } }
      if (!file) return unwrap(api.PATCH('/api/tenant/robots/{robotId}/versions/{versionId}', { params, body: { notes } }))
      return unwrap(
        api.PATCH('/api/tenant/robots/{robotId}/versions/{versionId}', {
          params,
          body: formDataOf({ file, notes }) as unknown as VersionNotesRequest,
          ...multipartOptions,
        }),
      )
    },
    onSuccess: invalidate,
  })
}

/**
 * Downloads a version's file. Fetched through the API client rather than opened in a tab, because the tenant
 * portal's X-Tenant-Secret header cannot ride on a plain navigation; saved under the server's file name.
 */
export async function downloadVersion(robotId: string, version: VersionItem): Promise<void> {
  const result = await api.GET('/api/tenant/robots/{robotId}/versions/{version}/download', {
    params: { path: { robotId, version: version.id } },
    parseAs: 'blob',
  })
  const blob = await unwrap(Promise.resolve(result))
  saveBlob(blob, fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? version.originalFileName)
}

/** `downloadVersion` as a mutation, for its pending state. */
export function useDownloadVersion() {
  return useMutation({
    mutationFn: ({ robotId, version }: { robotId: string; version: VersionItem }) => downloadVersion(robotId, version),
  })
}
