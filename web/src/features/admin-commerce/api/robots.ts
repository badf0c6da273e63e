import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { adminCommerceKeys } from './keys'

export type RobotItem = components['schemas']['RobotItem']

/** The robots of one tenant, for the license dialog's picker (a tenant has few robots: one page of 100). */
export const tenantRobotsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: adminCommerceKeys.robots.list({ tenantId, pageSize: 100 }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/robots', { params: { query: { tenantId, pageSize: 100 } }, signal })),
    enabled: tenantId !== '',
  })
