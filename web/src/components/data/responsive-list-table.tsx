import { ListLoadError, type ListQueryState } from './list'
import { ResponsiveTable, type DataColumn, type RowProps } from './responsive-table'

export interface ResponsiveListTableProps<Item> {
  label: string
  columns: readonly DataColumn<Item>[]
  rowKey: (item: Item) => string
  rowProps?: (item: Item) => RowProps
  query: ListQueryState<Item>
  /** The text when the list has no items. */
  empty: string
  /** The screen's name for a failed load ("Erro ao carregar vendas"), above the server's message. */
  errorTitle?: string
  errorFallback?: string
}

/**
 * A fetched list as a `ResponsiveTable` (a table from 768 px, cards below): skeletons while it loads, the empty text,
 * or the error with a retry.
 */
export function ResponsiveListTable<Item>({
  query,
  empty,
  errorTitle,
  errorFallback = 'Não foi possível carregar a lista.',
  ...table
}: ResponsiveListTableProps<Item>) {
  const items = query.data?.items ?? []
  const failed = query.isError && !query.data
  return (
    <ResponsiveTable
      {...table}
      items={items}
      loading={query.isPending && !failed}
      placeholder={failed ? <ListLoadError query={query} title={errorTitle} fallback={errorFallback} /> : empty}
    />
  )
}
