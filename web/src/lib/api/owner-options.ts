import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantClientKeys } from './keys'

export type RobotItem = components['schemas']['RobotItem']

/** How many robots a picker lists: a tenant has few, so one page holds them all. */
export const ROBOT_PICKER_SIZE = 100

/** The owner's robots, for the license and send-e-mail dialogs' pickers. */
export const robotOptionsQuery = () =>
  queryOptions({
    queryKey: tenantClientKeys.robots.list({ pageSize: ROBOT_PICKER_SIZE }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots', { params: { query: { pageSize: ROBOT_PICKER_SIZE } }, signal })),
  })
