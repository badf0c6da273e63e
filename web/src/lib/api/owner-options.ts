import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { tenantClientKeys } from '@/lib/query-keys/tenant-clients'
import { presentParams } from './present-params'

/* The tenant owner's clients and robots as the pickers of several features' dialogs offer them. */

export type RobotItem = components['schemas']['RobotItem']

/** How many robots a picker lists: a tenant has few, so one page holds them all. */
export const ROBOT_PICKER_SIZE = 100

/** The owner's robots, for the license and send-e-mail dialogs' pickers. */
export const robotOptionsQuery = () =>
  queryOptions({
    queryKey: tenantClientKeys.robots.list({ pageSize: ROBOT_PICKER_SIZE }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots', { params: { query: { pageSize: ROBOT_PICKER_SIZE } }, signal })),
  })

/** How many clients the license dialog's picker offers at once; more are reached by searching. */
export const CLIENT_PICKER_SIZE = 50

/** The clients for a picker, searched on the server (q) rather than loaded whole; the previous results stay while a search runs. */
export const clientOptionsQuery = (q: string) => {
  const query = presentParams({ q, pageSize: CLIENT_PICKER_SIZE })
  return queryOptions({
    queryKey: tenantClientKeys.clients.list({ ...query, picker: true }),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/clients', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}
