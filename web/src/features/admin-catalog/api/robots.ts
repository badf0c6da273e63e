import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { presentFilters, type PageParams } from '@/lib/api/list-params'

export type RobotItem = components['schemas']['RobotItem']
export type RobotRequest = components['schemas']['RobotRequest']

export interface RobotFilters {
  q?: string
  tenantId?: string
}

export const robotsQuery = (params: PageParams & RobotFilters) => {
  const query = { ...presentFilters(params), page: params.page, pageSize: params.pageSize }
  return queryOptions({
    queryKey: catalogKeys.robots.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/robots', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

function useInvalidateRobots() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.robots.all }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.auditLog.all }),
    ])
}

export function useCreateRobot() {
  const invalidate = useInvalidateRobots()
  return useMutation({
    mutationFn: (body: RobotRequest) => unwrap(api.POST('/api/robots', { body })),
    onSuccess: invalidate,
  })
}

export function useUpdateRobot() {
  const invalidate = useInvalidateRobots()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RobotRequest }) => unwrap(api.PATCH('/api/robots/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  })
}
