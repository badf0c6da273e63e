import * as React from 'react'
import { useSearchParams } from 'react-router-dom'
import { ChevronLeftIcon, ChevronRightIcon, FilterXIcon, SearchIcon } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { errorMessage } from '@/lib/api/client'
import { cn } from '@/lib/class-names'

/** The colour of a status badge. */
export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary'

/*
 * The list building blocks of every management screen: a table with its loading, empty and error states,
 * the pagination bar, the search box, the filter selects, page and filters kept in the URL, and a
 * confirmation dialog.
 */

export const PAGE_SIZE = 20
/** Rows of skeleton a loading list shows. */
export const SKELETON_ROWS = 5
/** The filter value meaning "no filter". */
export const ALL = 'all'

/**
 * Page and filters of a list, kept in the URL (so a reload or a shared link shows the same list).
 * Changing a filter goes back to the first page; `clear` drops every filter.
 */
export function useListParams<Key extends string>(keys: readonly Key[]) {
  const [searchParams, setSearchParams] = useSearchParams()
  // setSearchParams' updater sees the params of the last render, not of the last call: two changes in one tick
  // (the search box's timer firing as a select changes) would lose one. Each change builds on the latest one.
  const latest = React.useRef(searchParams)
  // A new URL (this list's own change, the back button, a link) is the base of the next change.
  React.useLayoutEffect(() => {
    latest.current = searchParams
  }, [searchParams])
  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current)
    change(next)
    latest.current = next
    setSearchParams(next, { replace: true })
  }
  const filters = Object.fromEntries(keys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<Key, string>
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1)
  const setFilter = (key: Key, value: string) =>
    update((next) => {
      if (value && value !== ALL) next.set(key, value)
      else next.delete(key)
      next.delete('page')
    })
  const setPage = (value: number) =>
    update((next) => {
      if (value > 1) next.set('page', String(value))
      else next.delete('page')
    })
  const clear = () => update((next) => keys.concat(['page' as Key]).forEach((key) => next.delete(key)))
  const hasFilters = keys.some((key) => filters[key] !== '')
  return { filters, page, pageSize: PAGE_SIZE, setFilter, setPage, clear, hasFilters }
}

/** A search box that reports its text once typing pauses (300 ms), and follows the URL when filters are cleared. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string
  onChange: (value: string) => void
  label: string
  placeholder?: string
  className?: string
}) {
  const [text, setText] = React.useState(value)
  const [shown, setShown] = React.useState(value)
  // The URL changed from elsewhere ("Limpar filtros", back button): show its value.
  if (value !== shown) {
    setShown(value)
    if (value !== text.trim()) setText(value)
  }
  const report = React.useRef(onChange)
  React.useEffect(() => {
    report.current = onChange
  })
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  React.useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <div className={cn('relative w-full sm:max-w-xs', className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        className="pl-8"
        value={text}
        onChange={(event) => {
          const next = event.target.value
          setText(next)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => report.current(next.trim()), 300)
        }}
      />
    </div>
  )
}

export interface FilterOption {
  value: string
  label: string
}

/** A filter select: "all" plus the given options. */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
  className,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  allLabel: string
  options: FilterOption[]
  className?: string
}) {
  return (
    <Select value={value || ALL} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className={cn('w-full sm:w-44', className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

/** A day filter of the bar ("Ativação de", "até"): a labelled date input. */
export function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 font-normal text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type="date" className="w-full sm:w-40" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}

/** "Limpar filtros": drops every filter of the list; disabled while none is set. */
export function ClearFiltersButton({ list }: { list: { clear: () => void; hasFilters: boolean } }) {
  return (
    <Button variant="outline" onClick={list.clear} disabled={!list.hasFilters}>
      <FilterXIcon aria-hidden />
      Limpar filtros
    </Button>
  )
}

/** The bar above a list: search, filters and actions, wrapping (and stacking on a phone). */
export function FilterBar({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">{children}</div>
}

export interface Column {
  label: string
  /** Read out only (an actions column). */
  srOnly?: boolean
  className?: string
}

export interface ListQueryState<Item> {
  data?: { items: Item[] }
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/**
 * A list's table: 5 skeleton rows while loading, the screen's empty text, or the error with a retry.
 * The error reads the server's message (else `errorFallback`), under `errorTitle` when the screen names its failure
 * ("Erro ao carregar vendas"). Scrolls sideways on narrow screens.
 */
export function ListTable<Item>({
  columns,
  query,
  empty,
  errorFallback = 'Não foi possível carregar a lista.',
  errorTitle,
  label,
  renderRow,
}: {
  columns: Column[]
  query: ListQueryState<Item>
  empty: string
  errorFallback?: string
  errorTitle?: string
  label: string
  renderRow: (item: Item) => React.ReactNode
}) {
  const items = query.data?.items
  return (
    <div className="rounded-md border">
      <Table aria-label={label} aria-busy={query.isPending}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.label} className={column.className}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.isPending ? (
            Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <TableRow key={row} data-testid="skeleton-row">
                {columns.map((column) => (
                  <TableCell key={column.label}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : query.isError && !items ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-10 text-center whitespace-normal">
                <ListLoadError query={query} title={errorTitle} fallback={errorFallback} />
              </TableCell>
            </TableRow>
          ) : !items || items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground whitespace-normal">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            items.map(renderRow)
          )}
        </TableBody>
      </Table>
    </div>
  )
}

/** A list that failed to load: the screen's title for the failure, the server's message (else `fallback`), a retry. */
export function ListLoadError({ query, title, fallback }: { query: Pick<ListQueryState<unknown>, 'error' | 'refetch'>; title?: string; fallback: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3">
      {title && <p className="font-medium text-destructive">{title}</p>}
      <p className={title ? 'text-sm text-muted-foreground' : 'text-destructive'}>{errorMessage(query.error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Tentar novamente
      </Button>
    </div>
  )
}

const countFormatter = new Intl.NumberFormat('pt-BR')

/**
 * "N registros" (or "10.000+ registros" when the server stopped counting) and the page buttons.
 * "Próxima" stays enabled past a capped count while full pages keep coming.
 */
export function PaginationBar({
  page,
  pageSize,
  data,
  onPageChange,
}: {
  page: number
  pageSize: number
  data?: { items: unknown[]; total: number; totalCapped: boolean }
  onPageChange: (page: number) => void
}) {
  if (!data) return null
  const pages = Math.max(1, Math.ceil(data.total / pageSize))
  const hasNext = data.totalCapped ? data.items.length === pageSize : page < pages
  const count = data.totalCapped ? `${countFormatter.format(data.total)}+ registros` : `${countFormatter.format(data.total)} ${data.total === 1 ? 'registro' : 'registros'}`
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span>{count}</span>
      <div className="flex items-center gap-2">
        <span>{data.totalCapped ? `Página ${page}` : `Página ${page} de ${pages}`}</span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeftIcon aria-hidden />
          Anterior
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={!hasNext}>
          Próxima
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  )
}

/** A status as a coloured badge. */
export function StatusBadge({ tone, children }: { tone: StatusTone | undefined; children: React.ReactNode }) {
  return <Badge variant={tone ?? 'secondary'}>{children}</Badge>
}

/** Asks before an action that cannot be undone; the confirm button waits (disabled) while it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  confirmLabel: string
  pending?: boolean
  onConfirm: () => void
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          {/* A plain button: the dialog stays open (showing progress) until the action answers. */}
          <Button onClick={onConfirm} disabled={pending}>
            {pending && <Spinner label="Processando" />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
