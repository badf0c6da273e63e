import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Input } from '@/components/ui/input'
import { SelectField, type Option } from '@/components/data'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { clientOptionsQuery, robotOptionsQuery } from '@/lib/api/owner-options'

interface PickerProps<Values extends FieldValues> {
  control: Control<Values>
  name: FieldPath<Values>
  required?: boolean
  disabled?: boolean
}

/**
 * The options plus the field's current choice when the list lacks it (a stored client beyond the first page,
 * or one picked before a new search), so the select never goes blank.
 */
function withCurrent(options: Option[], current: string, remembered: Option | null): Option[] {
  if (!current || options.some((option) => option.value === current)) return options
  return remembered && remembered.value === current ? [remembered, ...options] : options
}

function placeholderFor(query: { isLoading: boolean; isError: boolean }, empty: boolean, texts: { choose: string; none: string; failed: string }): string {
  if (query.isLoading) return 'Carregando…'
  if (query.isError && empty) return texts.failed
  return empty ? texts.none : texts.choose
}

/** The owner's clients, searched on the server by name or e-mail; `known` names the stored client before the list holds it. */
export function ClientPickerField<Values extends FieldValues>({ control, name, required, disabled, known }: PickerProps<Values> & { known?: Option | null }) {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useQuery(clientOptionsQuery(q))
  const [remembered, setRemembered] = React.useState<Option | null>(known ?? null)
  const current = (useWatch({ control, name }) as string | undefined) ?? ''
  const options = React.useMemo(
    () => (query.data?.items ?? []).map((client) => ({ value: client.id, label: `${client.name} (${client.email})` })),
    [query.data],
  )
  const shown = withCurrent(options, current, remembered)
  return (
    <SelectField
      control={control}
      name={name}
      label="Cliente"
      required={required}
      disabled={disabled}
      options={shown}
      placeholder={placeholderFor(query, shown.length === 0, { choose: 'Selecione um cliente', none: 'Nenhum cliente encontrado', failed: 'Erro ao carregar clientes' })}
      onChosen={(value) => setRemembered(shown.find((option) => option.value === value) ?? null)}
    >
      <Input
        type="search"
        aria-label="Buscar cliente"
        placeholder="Buscar por nome ou e-mail"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        disabled={disabled}
        // Enter in the search box must not submit the dialog.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
      />
    </SelectField>
  )
}

/** The owner's robots (a tenant has few: all of them are listed). */
export function RobotPickerField<Values extends FieldValues>({ control, name, required, disabled }: PickerProps<Values>) {
  const query = useQuery(robotOptionsQuery())
  const options = React.useMemo(() => (query.data?.items ?? []).map((robot) => ({ value: robot.id, label: robot.name })), [query.data])
  return (
    <SelectField
      control={control}
      name={name}
      label="Robô"
      required={required}
      disabled={disabled}
      options={options}
      placeholder={placeholderFor(query, options.length === 0, { choose: 'Selecione um robô', none: 'Nenhum robô cadastrado', failed: 'Erro ao carregar robôs' })}
    />
  )
}
