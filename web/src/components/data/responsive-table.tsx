import type * as React from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useIsMobile } from '@/hooks/use-mobile'
import { cn } from '@/lib/class-names'
import { SKELETON_ROWS } from './list'

/** Where a phone card puts a column: see `DataColumn.card`. */
export type CardPlace = 'title' | 'status' | 'field' | 'actions' | 'none'

/** One column of a responsive table: its header (and a card's field label) and how one item shows in it. */
export interface DataColumn<Item> {
  /** The table header; on a phone, the label of the card's line. Read out only for 'actions'. */
  label: string
  cell: (item: Item) => React.ReactNode
  /** Classes of the column's header and cells in the table (alignment, width). */
  className?: string
  /**
   * Where a phone card puts the column: the card's heading ('title'), badges beside it ('status'), a labelled line
   * ('field', the default), the labelled buttons at its foot ('actions'), or nowhere ('none': e.g. a logo beside the
   * name the title already gives).
   */
  card?: CardPlace
}

/** What a row (or card) may carry besides its cells. */
export type RowProps = { className?: string } & { [attribute: `data-${string}`]: string | boolean | undefined }

export interface ResponsiveTableProps<Item> {
  /** The accessible name of the table, or of the card list on a phone. */
  label: string
  columns: readonly DataColumn<Item>[]
  items: readonly Item[]
  rowKey: (item: Item) => string
  /** Classes and data attributes of an item's row or card (e.g. muted when inactive, marked when shared). */
  rowProps?: (item: Item) => RowProps
  /** Skeleton rows (or cards) instead of the items. */
  loading?: boolean
  /** Shown instead of the items when there are none (the empty text, an error with its retry). */
  placeholder?: React.ReactNode
  className?: string
}

/**
 * A list of items as a table from 768 px (Tailwind's `md`) and as a stack of cards below it, both from the same column
 * definitions: on a phone nothing sits off-screen (the amount and status of a sale are on its card) and every row
 * action is a labelled button. One layout is in the page at a time, so each action has one accessible name.
 */
export function ResponsiveTable<Item>(props: ResponsiveTableProps<Item>) {
  const isPhone = useIsMobile()
  return isPhone ? <CardList {...props} /> : <WideTable {...props} />
}

function WideTable<Item>({ label, columns, items, rowKey, rowProps, loading, placeholder, className }: ResponsiveTableProps<Item>) {
  return (
    <div className={cn('rounded-md border', className)} data-layout="table">
      <Table aria-label={label} aria-busy={loading}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label} className={column.className}>
                {column.card === 'actions' ? <span className="sr-only">{column.label}</span> : column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <TableRow key={row} data-testid="skeleton-row">
                {columns.map((column) => (
                  <TableCell key={column.label}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground whitespace-normal">
                {placeholder}
              </TableCell>
            </TableRow>
          ) : (
            items.map((item) => (
              <TableRow key={rowKey(item)} {...rowProps?.(item)}>
                {columns.map((column) => (
                  <TableCell key={column.label} className={column.className}>
                    {column.card === 'actions' ? <RowActions>{column.cell(item)}</RowActions> : column.cell(item)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  )
}

function CardList<Item>({ label, columns, items, rowKey, rowProps, loading, placeholder, className }: ResponsiveTableProps<Item>) {
  if (loading) {
    return (
      <div className={cn('space-y-3', className)} data-layout="cards" aria-label={label} aria-busy="true" role="group">
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} className="h-28 w-full rounded-md" data-testid="skeleton-row" />
        ))}
      </div>
    )
  }
  if (items.length === 0) {
    return (
      <div className={cn('rounded-md border px-4 py-10 text-center text-sm text-muted-foreground', className)} data-layout="cards" role="group" aria-label={label}>
        {placeholder}
      </div>
    )
  }
  const placed = (place: CardPlace) => columns.filter((column) => (column.card ?? 'field') === place)
  const [titles, statuses, fields, actions] = [placed('title'), placed('status'), placed('field'), placed('actions')]
  return (
    <ul className={cn('space-y-3', className)} data-layout="cards" aria-label={label}>
      {items.map((item) => (
        <CardItem key={rowKey(item)} {...rowProps?.(item)}>
          {(titles.length > 0 || statuses.length > 0) && (
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 space-y-0.5 font-medium break-words">
                {titles.map((column) => (
                  <div key={column.label}>{column.cell(item)}</div>
                ))}
              </div>
              {statuses.length > 0 && (
                <div className="flex shrink-0 flex-col items-end gap-1">
                  {statuses.map((column) => (
                    <div key={column.label}>
                      <span className="sr-only">{column.label}: </span>
                      {column.cell(item)}
                    </div>
                  ))}
                </div>
              )}
            </div>
          )}
          {fields.length > 0 && (
            <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              {fields.map((column) => (
                <CardField key={column.label} label={column.label}>
                  {column.cell(item)}
                </CardField>
              ))}
            </dl>
          )}
          {actions.map((column) => (
            <RowActions key={column.label} className="justify-start border-t pt-3">
              {column.cell(item)}
            </RowActions>
          ))}
        </CardItem>
      ))}
    </ul>
  )
}

function CardItem({ className, children, ...attributes }: RowProps & { children: React.ReactNode }) {
  return (
    <li className={cn('space-y-3 rounded-md border bg-card p-4 text-sm text-card-foreground', className)} data-testid="list-card" {...attributes}>
      {children}
    </li>
  )
}

function CardField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </>
  )
}

/** The buttons of one row (or card), marked so tests can find every row action. */
function RowActions({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-1', className)} data-slot="row-actions">
      {children}
    </div>
  )
}
