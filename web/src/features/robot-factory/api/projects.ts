import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { robotFactoryKeys } from './keys'
import type { AdjustmentRequest, NewProjectRequest, ProjectDetail, ProjectVersion, VersionType } from './types'

/** The spec's polling of an open project: the fallback when the live stream is down or a status event was missed. */
export const PROJECT_POLL_MS = 5000

/** Whether the factory can generate now (a model is configured) and how much of the month's quota is left. */
export const factoryStatusQuery = () =>
  queryOptions({
    queryKey: robotFactoryKeys.status,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-factory', { signal })),
  })

export interface PageParams {
  page: number
  pageSize: number
}

/** A page of the owner's projects, most recently changed first. */
export const robotProjectsQuery = (params: PageParams) =>
  queryOptions({
    queryKey: robotFactoryKeys.projects.list(params),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-projects', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  })

/** One project with its conversation and versions, asked for again every 5 s while its page is open. */
export const robotProjectQuery = (id: string) =>
  queryOptions({
    queryKey: robotFactoryKeys.projects.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-projects/{id}', { params: { path: { id } }, signal })),
    refetchInterval: PROJECT_POLL_MS,
  })

/** After a generation starts: the projects, and the quota (one more used) and the generation history. */
function useInvalidateAfterGeneration() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [robotFactoryKeys.projects.all, robotFactoryKeys.status, robotFactoryKeys.generations.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

/**
 * Creates a project from the wizard's answers; the AI starts on its first version at once. The answered project is
 * put in the cache, so its page shows it without asking again.
 */
export function useCreateProject() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateAfterGeneration()
  return useMutation({
    mutationFn: (body: NewProjectRequest) => unwrap(api.POST('/api/tenant/robot-projects', { body })).then(({ project }) => project),
    onSuccess: (project) => {
      queryClient.setQueryData(robotFactoryKeys.projects.detail(project.id), project)
      // Not awaited: opening the new project must not wait for the lists.
      void invalidate()
    },
  })
}

/** Asks the AI for a new version with the owner's changes, on top of the prompt of the latest one. */
export function useRequestAdjustments(projectId: string) {
  const invalidate = useInvalidateAfterGeneration()
  return useMutation({
    mutationFn: (body: AdjustmentRequest) =>
      unwrap(api.POST('/api/tenant/robot-projects/{id}/request-adjustments', { params: { path: { id: projectId } }, body })),
    onSuccess: invalidate,
  })
}

/**
 * Publishes a compiled version as the next version of the project's robot (created on the first publication): clients
 * can download it from then on, so the robot lists are refreshed too.
 */
export function usePublishProject(projectId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { versionId: string; versionType: VersionType }) =>
      unwrap(api.POST('/api/tenant/robot-projects/{id}/publish', { params: { path: { id: projectId } }, body })),
    onSuccess: () =>
      Promise.all([robotFactoryKeys.projects.all, tenantCatalogKeys.robots.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

/**
 * Downloads a version's .ex5. Fetched through the API client rather than opened as a link, because the tenant portal's
 * X-Tenant-Secret header cannot ride on a plain navigation; saved under the server's file name.
 */
export async function downloadProjectVersion(project: Pick<ProjectDetail, 'id' | 'name'>, version: Pick<ProjectVersion, 'id' | 'version'>): Promise<void> {
  const result = await api.GET('/api/tenant/robot-projects/{id}/versions/{versionId}/download', {
    params: { path: { id: project.id, versionId: version.id } },
    parseAs: 'blob',
  })
  const blob = await unwrap(Promise.resolve(result))
  saveBlob(blob, fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? `${project.name}_v${version.version}.ex5`)
}

/** `downloadProjectVersion` as a mutation, for its pending state. */
export function useDownloadProjectVersion() {
  return useMutation({
    mutationFn: ({ project, version }: { project: Pick<ProjectDetail, 'id' | 'name'>; version: Pick<ProjectVersion, 'id' | 'version'> }) =>
      downloadProjectVersion(project, version),
  })
}
