import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'

export type RobotCompileJobs = components['schemas']['RobotCompileJobs']
export type RobotCompileJob = components['schemas']['RobotCompileJob']

/** How often a robot's compiles are asked for again while one waits or compiles. */
export const ROBOT_COMPILE_POLL_MS = 5000

/**
 * A robot's compiles still to come (queued or compiling, each with why it waits, from the fleet's state) and its recent
 * failures. Asked again every 5 s while one is in progress, so the screen follows the queue after a reload too.
 */
export const robotCompileJobsQuery = (robotId: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.compileJobs(robotId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{robotId}/compile-jobs', { params: { path: { robotId } }, signal })),
    refetchInterval: (query) => (query.state.data?.inProgress ? ROBOT_COMPILE_POLL_MS : false),
    staleTime: ROBOT_COMPILE_POLL_MS,
  })

export function useRobotCompileJobs(robotId: string) {
  return useQuery(robotCompileJobsQuery(robotId))
}

/** The job the screens lead with: the newest still in progress, else the newest failure. */
export function leadingJob(data: RobotCompileJobs | undefined): RobotCompileJob | undefined {
  const jobs = data?.jobs ?? []
  return jobs.find((job) => job.status === 'pending' || job.status === 'processing') ?? jobs[0]
}
