import type * as React from 'react'
import { PageHeading } from '@/components/page-heading'
import { FilterBar, FilterSelect, ListTable, PaginationBar, SearchBox, type Column, type FilterOption, type useListParams } from './list'
import { ResponsiveListTable } from './responsive-list-table'
import type { DataColumn } from './responsive-table'

/** One select of a list's filter bar: which URL filter it sets, and its options. */
export interface ListSelectFilter<Key extends string> {
  key: Key
  label: string
  /** The choice that clears the filter ("Todos os status"). */
  allLabel: string
  options: FilterOption[]
}

/** A page of a list as the API answers it, with the query's state. */
interface ListPageQuery<Item> {
  data?: { items: Item[]; total: number; totalCapped: boolean }
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
}

interface TableTexts {
  label: string
  empty: string
  errorTitle?: string
  errorFallback?: string
}

/** A table whose rows the page renders (`<TableRow>`s): a table at every width. */
interface RowsTable<Item> extends TableTexts {
  columns: Column[]
  renderRow: (item: Item) => React.ReactNode
}

/** A table whose columns render the cells: a table from 768 px, cards below (`ResponsiveTable`). */
interface ColumnsTable<Item> extends TableTexts {
  columns: readonly DataColumn<Item>[]
  rowKey: (item: Item) => string
}

export interface ListViewProps<Key extends string, Item> {
  /** Page and filters, from `useListParams` (the page fetches with them, this component shows and changes them). */
  list: ReturnType<typeof useListParams<Key>>
  /** The search box and the URL filter its text goes to (the placeholder is the label unless given). */
  search: { key: Key; label: string; placeholder?: string }
  /** The filter selects after the search box (none by default). */
  filters?: ListSelectFilter<Key>[]
  /** Controls at the end of the filter bar (date filters, "Limpar filtros", a refresh or create button). */
  tools?: React.ReactNode
  query: ListPageQuery<Item>
  /** The table: its accessible name, columns, texts and rows (cards on a phone when the columns render the cells). */
  table: RowsTable<Item> | ColumnsTable<Item>
  /** What the page opens over the list (create, edit and detail dialogs). */
  children?: React.ReactNode
}

export interface ListPageProps<Key extends string, Item> extends ListViewProps<Key, Item> {
  title: string
  description: string
  /** The heading's buttons (create, record). */
  actions?: React.ReactNode
}

/**
 * The management list page (admin and tenant owner): heading, a search box and filter selects kept in the URL, the
 * table with its loading, empty and error states, and the pagination bar. Pages configure it and fetch.
 */
export function ListPage<Key extends string, Item>({ title, description, actions, ...view }: ListPageProps<Key, Item>) {
  return (
    <div className="space-y-6">
      <PageHeading title={title} description={description} actions={actions} />
      <ListView {...view} />
    </div>
  )
}

/**
 * A list without its heading (one tab of a page): the filter bar, the table, the pagination bar and the dialogs,
 * as siblings for the parent to space.
 */
export function ListView<Key extends string, Item>({ list, search, filters = [], tools, query, table, children }: ListViewProps<Key, Item>) {
  return (
    <>
      <FilterBar>
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          value={list.filters[search.key]}
          onChange={(value) => list.setFilter(search.key, value)}
        />
        {filters.map((filter) => (
          <FilterSelect
            key={filter.key}
            label={filter.label}
            allLabel={filter.allLabel}
            value={list.filters[filter.key]}
            onChange={(value) => list.setFilter(filter.key, value)}
            options={filter.options}
          />
        ))}
        {tools}
      </FilterBar>
      {'renderRow' in table ? <ListTable {...table} query={query} /> : <ResponsiveListTable {...table} query={query} />}
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
      {children}
    </>
  )
}
