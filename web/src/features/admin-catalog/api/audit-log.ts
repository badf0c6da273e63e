import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { presentFilters, type PageParams } from '@/lib/api/list-params'

export type AuditItem = components['schemas']['AuditItem']

export interface AuditFilters {
  tenantId?: string
  /** Part of the actor's name, username or e-mail. */
  actor?: string
  entity?: string
  /** YYYY-MM-DD, inclusive. */
  from?: string
  /** YYYY-MM-DD, inclusive. */
  to?: string
}

export const auditLogQuery = (params: PageParams & AuditFilters) => {
  const query = { ...presentFilters(params), page: params.page, pageSize: params.pageSize }
  return queryOptions({
    queryKey: catalogKeys.auditLog.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/audit-log', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One changed field: its value before and after (either is absent on create or delete). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** The row's `changes` (`{ field: { before, after } }`) as a list, in the order the server wrote them. */
export function changedFields(changes: unknown): FieldChange[] {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return []
  return Object.entries(changes as Record<string, unknown>).map(([field, change]) => {
    if (typeof change === 'object' && change !== null && ('before' in change || 'after' in change)) {
      const { before, after } = change as { before?: unknown; after?: unknown }
      return { field, before: before ?? null, after: after ?? null }
    }
    return { field, before: null, after: change }
  })
}
