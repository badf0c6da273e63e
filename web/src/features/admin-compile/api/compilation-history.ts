import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentFilters } from '@/lib/api/list-params'
import { compileKeys } from '@/lib/query-keys/admin-compile'

export type HistoryItem = components['schemas']['HistoryItem']
export type HistoryListParams = NonNullable<paths['/api/compilation-history']['get']['parameters']['query']>
/** Where a compiled source came from: an uploaded .mq5 (import) or the AI robot factory. */
export type CompileSource = NonNullable<HistoryListParams['source']>
export type CompileStatus = NonNullable<HistoryListParams['status']>

/** A page of every tenant's compilations, newest first (q: part of the robot's or the tenant's name). */
export const compilationHistoryQuery = (params: HistoryListParams) => {
  const query = { ...presentFilters(params), page: params.page, pageSize: params.pageSize }
  return queryOptions({
    queryKey: compileKeys.history.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/compilation-history', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** The MQL5 source one compilation was made from (404 when none was stored). */
export const compilationSourceQuery = (item: Pick<HistoryItem, 'id' | 'source'>) => {
  const source = asCompileSource(item.source)
  return queryOptions({
    queryKey: compileKeys.history.source(item.id, item.source),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/compilation-history/{id}/source', { params: { path: { id: item.id }, query: source ? { source } : {} }, signal })),
    // A compilation's source never changes once stored.
    staleTime: Infinity,
  })
}

const compileSources: readonly CompileSource[] = ['import', 'ai-factory']
const compileStatuses: readonly CompileStatus[] = ['pending', 'processing', 'completed', 'failed']

/** A filter value read from the URL, when it is one the server accepts (a hand-edited link must not cause a 400). */
export function asCompileSource(value: string): CompileSource | undefined {
  return compileSources.find((source) => source === value)
}

export function asCompileStatus(value: string): CompileStatus | undefined {
  return compileStatuses.find((status) => status === value)
}
