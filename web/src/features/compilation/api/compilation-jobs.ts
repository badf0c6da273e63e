import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { fileNameFromDisposition, saveBlob } from '@/lib/download'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { isFinishedStatus, JOB_POLL_MS } from '../job-progress'

export type ImportRequest = components['schemas']['ImportRequest']

/**
 * One MetaEditor message, placed by the server in the owner's own file (`line`); a message about the license check the
 * platform inserted says so (`inInjectedCode`) and keeps the compiled file's line.
 */
export type CompileDiagnostic = components['schemas']['JobDiagnostic']

export type CompilationJob = components['schemas']['CompilationJobItem']

const jobsAll = ['tenant', 'compilation-jobs'] as const

export const compilationKeys = {
  all: jobsAll,
  job: (id: string) => [...jobsAll, id] as const,
}

function asJob(item: components['schemas']['CompilationJobItem']): CompilationJob {
  return item as unknown as CompilationJob
}

/**
 * One of the owner's compile jobs; nothing is asked while there is none (null). A running job is asked again every
 * two seconds until it completes or fails; the live stream's events make the page ask sooner.
 */
export const compilationJobQuery = (id: string | null) =>
  queryOptions({
    queryKey: compilationKeys.job(id ?? ''),
    queryFn: id
      ? ({ signal }) => unwrap(api.GET('/api/tenant/compilation-jobs/{id}', { params: { path: { id } }, signal })).then(asJob)
      : skipToken,
    refetchInterval: (query) => (isFinishedStatus(query.state.data?.status) ? false : JOB_POLL_MS),
    // Fresh until the next poll is due: the job the creation answered is not asked for again at once.
    // Polls and the live stream's invalidations ask regardless.
    staleTime: JOB_POLL_MS,
  })

/**
 * Queues an .mq5 for compilation (the robot of that name receives the result, created when missing). The answer
 * is the job, put in the cache so the page shows it at once without asking again.
 */
export function useCreateCompilationJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ImportRequest) => unwrap(api.POST('/api/tenant/compilation-jobs', { body })).then(asJob),
    onSuccess: (job) => {
      queryClient.setQueryData(compilationKeys.job(job.id), job)
      // The robot of that name may have just been created: the robot lists and pickers show it.
      // Not awaited: following the job must not wait for those lists.
      void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.robots.all })
    },
  })
}

/**
 * Downloads a compiled job's .ex5. Fetched through the API client rather than opened as a link, because the tenant
 * portal's X-Tenant-Secret header cannot ride on a plain navigation; saved under the server's file name.
 */
export async function downloadCompiledRobot(job: Pick<CompilationJob, 'id' | 'robotName'>): Promise<void> {
  const result = await api.GET('/api/tenant/compilation-jobs/{id}/download', { params: { path: { id: job.id } }, parseAs: 'blob' })
  const blob = await unwrap(Promise.resolve(result))
  saveBlob(blob, fileNameFromDisposition(result.response.headers.get('Content-Disposition')) ?? `${job.robotName}.ex5`)
}

/** `downloadCompiledRobot` as a mutation, for its pending state. */
export function useDownloadCompiledRobot() {
  return useMutation({ mutationFn: downloadCompiledRobot })
}
