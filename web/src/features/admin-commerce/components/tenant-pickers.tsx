import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Input } from '@/components/ui/input'
import { formatBRL, formatDate } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { tenantClientOptionsQuery } from '../api/clients'
import { tenantRobotsQuery } from '../api/robots'
import { tenantSaleOptionsQuery, type SaleItem } from '../api/sales'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { SelectField, type Option } from '@/components/data'

interface PickerProps<Values extends FieldValues> {
  control: Control<Values>
  name: FieldPath<Values>
  /** The tenant whose records are offered; '' offers nothing. */
  tenantId: string
  /** The record's stored choice, shown by its name even before (or without) the list containing it. */
  known?: Option | null
  required?: boolean
  /** Offers an empty choice with this label. */
  noneLabel?: string
}

/** The tenants, for a dialog: `onChosen` runs when the admin picks another one. */
export function TenantField<Values extends FieldValues>({
  control,
  name,
  disabled,
  required,
  onChosen,
}: {
  control: Control<Values>
  name: FieldPath<Values>
  disabled?: boolean
  required?: boolean
  onChosen?: (tenantId: string) => void
}) {
  const tenants = useTenantOptions()
  return (
    <SelectField
      control={control}
      name={name}
      label="Tenant"
      required={required}
      options={tenants.options}
      placeholder={tenants.isLoading ? 'Carregando tenants…' : 'Selecione o tenant'}
      disabled={disabled}
      onChosen={onChosen}
    />
  )
}

/**
 * The options to show: the list's, plus the field's current choice when the list lacks it
 * (a stored choice beyond the first page, or one picked before a new search), so the select never goes blank.
 */
function withCurrent(options: Option[], current: string, remembered: Option | null): Option[] {
  if (!current || options.some((option) => option.value === current)) return options
  return remembered && remembered.value === current ? [remembered, ...options] : options
}

function placeholderFor(tenantId: string, loading: boolean, empty: boolean, what: { choose: string; none: string }): string {
  if (!tenantId) return 'Selecione um tenant primeiro'
  if (loading) return 'Carregando…'
  return empty ? what.none : what.choose
}

/** A search box (sent to the server as q) and its debounced text. */
function useSearch() {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), 300)
  return { search, setSearch, q }
}

/** A searchable picker over one tenant's records: a search box above the select. */
function SearchablePicker<Values extends FieldValues>({
  control,
  name,
  tenantId,
  known,
  required,
  noneLabel,
  label,
  searchLabel,
  searchPlaceholder,
  texts,
  search,
  onSearch,
  options,
  loading,
}: PickerProps<Values> & {
  label: string
  searchLabel: string
  searchPlaceholder: string
  texts: { choose: string; none: string }
  search: string
  onSearch: (text: string) => void
  options: Option[]
  loading: boolean
}) {
  const [remembered, setRemembered] = React.useState<Option | null>(known ?? null)
  const current = (useWatch({ control, name }) as string | undefined) ?? ''
  const shown = withCurrent(options, current, remembered)
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      required={required}
      noneLabel={noneLabel}
      options={shown}
      disabled={!tenantId}
      placeholder={placeholderFor(tenantId, loading, shown.length === 0 && !noneLabel, texts)}
      onChosen={(value) => setRemembered(shown.find((option) => option.value === value) ?? null)}
    >
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        disabled={!tenantId}
        // Enter in the search box must not submit the dialog.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
      />
    </SelectField>
  )
}

/** Short text naming a sale: its external id (or the first 8 characters of its id), amount and date. */
export function saleLabel(sale: Pick<SaleItem, 'id' | 'externalId' | 'grossAmount' | 'saleDate'>): string {
  const parts = [sale.externalId || sale.id.slice(0, 8)]
  if (sale.grossAmount) parts.push(formatBRL(sale.grossAmount))
  if (sale.saleDate) parts.push(formatDate(sale.saleDate))
  return parts.join(' · ')
}

/** The chosen tenant's clients, searched by name or e-mail. Mount it with `key={tenantId}` so a new tenant starts afresh. */
export function ClientPickerField<Values extends FieldValues>(props: PickerProps<Values> & { label?: string }) {
  const { search, setSearch, q } = useSearch()
  const query = useQuery(tenantClientOptionsQuery(props.tenantId, q))
  const options = React.useMemo(
    () => (query.data?.items ?? []).map((client) => ({ value: client.id, label: `${client.name} (${client.email})` })),
    [query.data],
  )
  return (
    <SearchablePicker
      {...props}
      label={props.label ?? 'Cliente'}
      searchLabel="Buscar cliente"
      searchPlaceholder="Buscar por nome ou e-mail"
      texts={{ choose: 'Selecione um cliente', none: 'Nenhum cliente encontrado' }}
      search={search}
      onSearch={setSearch}
      options={options}
      loading={query.isLoading}
    />
  )
}

/** The chosen tenant's sales, searched by external id. Mount it with `key={tenantId}`. */
export function SalePickerField<Values extends FieldValues>(props: PickerProps<Values> & { label?: string }) {
  const { search, setSearch, q } = useSearch()
  const query = useQuery(tenantSaleOptionsQuery(props.tenantId, q))
  const options = React.useMemo(() => (query.data?.items ?? []).map((sale) => ({ value: sale.id, label: saleLabel(sale) })), [query.data])
  return (
    <SearchablePicker
      {...props}
      label={props.label ?? 'Venda'}
      searchLabel="Buscar venda"
      searchPlaceholder="Buscar pelo ID externo"
      texts={{ choose: 'Selecione uma venda', none: 'Nenhuma venda encontrada' }}
      search={search}
      onSearch={setSearch}
      options={options}
      loading={query.isLoading}
    />
  )
}

/** The chosen tenant's robots (a tenant has few: all of them are listed). */
export function RobotPickerField<Values extends FieldValues>({ control, name, tenantId, known, required }: PickerProps<Values>) {
  const query = useQuery(tenantRobotsQuery(tenantId))
  const current = (useWatch({ control, name }) as string | undefined) ?? ''
  const options = React.useMemo(() => (query.data?.items ?? []).map((robot) => ({ value: robot.id, label: robot.name })), [query.data])
  const remembered = known && known.value === current ? known : null
  const shown = withCurrent(options, current, remembered)
  return (
    <SelectField
      control={control}
      name={name}
      label="Robô"
      required={required}
      options={shown}
      disabled={!tenantId}
      placeholder={placeholderFor(tenantId, query.isLoading, shown.length === 0, { choose: 'Selecione um robô', none: 'Nenhum robô neste tenant' })}
    />
  )
}
