import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { subscribeCompilationEvents } from '@/lib/live-events/compilation-events'
import { compilationKeys } from './api/compilation-jobs'

/**
 * Asks for job `jobId` again as soon as the live stream says its status changed, rather than at the next poll.
 * The event's status is not trusted as is: the job itself carries the version, the file and the errors.
 */
export function useJobLiveRefresh(jobId: string | null) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!jobId) return
    return subscribeCompilationEvents((event) => {
      if (event.jobId === jobId) void queryClient.invalidateQueries({ queryKey: compilationKeys.job(jobId) })
    })
  }, [jobId, queryClient])
}
