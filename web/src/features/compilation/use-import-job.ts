import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { compilationJobQuery, useCreateCompilationJob, type CompilationJob, type ImportRequest } from './api/compilation-jobs'
import { importPhase, PHASE_PROGRESS, type ImportPhase } from './job-progress'
import { useJobLiveRefresh } from './use-job-live-refresh'

export interface StartCallbacks {
  onError?: (error: unknown) => void
}

export interface ImportJob {
  phase: ImportPhase
  /** 0 to 100, by phase. */
  progress: number
  /** The job followed now; the last one stays after it ends, until `reset`. */
  job: CompilationJob | undefined
  /** Asking for the job's status failed (it keeps being asked). */
  statusError: unknown
  /** Sends a source for compilation and follows the job it creates (the previous one, if any, is let go). */
  start: (request: ImportRequest, callbacks?: StartCallbacks) => void
  /** Back to idle, for the next import. */
  reset: () => void
}

/** One import at a time: creating the compile job, then following it by polling and by the live stream. */
export function useImportJob(): ImportJob {
  const queryClient = useQueryClient()
  const [jobId, setJobId] = useState<string | null>(null)
  const create = useCreateCompilationJob()
  const query = useQuery(compilationJobQuery(jobId))
  useJobLiveRefresh(jobId)

  const job = jobId ? query.data : undefined
  const phase = importPhase({ sending: create.isPending, jobStatus: job?.status })

  // A compiled job added a version to the robot: the robot lists show its active version.
  const robotChanged = job?.status === 'completed' ? job.id : null
  useEffect(() => {
    if (robotChanged) void queryClient.invalidateQueries({ queryKey: tenantCatalogKeys.robots.all })
  }, [robotChanged, queryClient])

  const start = (request: ImportRequest, { onError }: StartCallbacks = {}) => {
    // The previous job's outcome goes away: what follows belongs to this submission.
    setJobId(null)
    create.mutate(request, {
      onSuccess: (created) => setJobId(created.id),
      onError,
    })
  }

  const reset = () => {
    create.reset()
    setJobId(null)
  }

  return { phase, progress: PHASE_PROGRESS[phase], job, statusError: jobId ? query.error : null, start, reset }
}
