import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { SearchIcon, XIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormControl, FormDescription, FormItem, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { RequiredMark } from '@/components/data'
import { errorMessage } from '@/lib/api/client'
import { poolTenantChoicesQuery } from '../api/compile-pools'
import { shortId } from '../agent-format'

/** How long typing pauses before the search goes out. */
const SEARCH_DELAY_MS = 300

export interface KnownTenant {
  id: string
  name: string
}

/**
 * The tenants a pool serves: a search box (by name or URL, on the server, 100 answers at most), a checkbox per
 * tenant found, and the chosen ones above as chips that stay while the search changes. Meant for a form field
 * holding the chosen ids; `inputRef` is the field's ref, so a refusal puts the focus on the search.
 */
export function TenantChecklist({
  value,
  onChange,
  inputRef,
  initial,
}: {
  value: string[]
  onChange: (ids: string[]) => void
  inputRef: React.Ref<HTMLInputElement>
  /** The tenants chosen when the dialog opened, so their names show before any search finds them. */
  initial: readonly KnownTenant[]
}) {
  const [text, setText] = React.useState('')
  const [search, setSearch] = React.useState('')
  React.useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])
  const query = useQuery(poolTenantChoicesQuery(search))
  const found = query.data?.items

  // Names of every tenant seen, so a chosen one keeps its name when a search no longer lists it.
  const [names, setNames] = React.useState(() => new Map(initial.map((tenant) => [tenant.id, tenant.name])))
  const [namedFrom, setNamedFrom] = React.useState(found)
  if (found !== namedFrom) {
    setNamedFrom(found)
    if (found?.some((tenant) => names.get(tenant.id) !== tenant.name)) setNames(new Map([...names, ...found.map((tenant) => [tenant.id, tenant.name] as const)]))
  }

  const chosen = new Set(value)
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((other) => other !== id))

  return (
    <FormItem>
      <fieldset className="grid gap-2">
        <legend className="mb-2 flex gap-1 text-sm font-medium">
          Tenants atendidos
          <RequiredMark />
        </legend>
        {value.length > 0 && (
          <ul aria-label="Tenants escolhidos" className="flex flex-wrap gap-1">
            {value.map((id) => {
              const name = names.get(id) ?? shortId(id)
              return (
                <li key={id} className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-xs">
                  {name}
                  <Button variant="ghost" size="icon" className="size-6" aria-label={`Remover ${name}`} onClick={() => toggle(id, false)}>
                    <XIcon aria-hidden />
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <FormControl>
            <Input
              ref={inputRef}
              type="search"
              aria-label="Buscar tenants"
              placeholder="Buscar por nome ou URL"
              autoComplete="off"
              className="pl-8"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </FormControl>
        </div>
        <div className="max-h-60 overflow-y-auto rounded-md border" aria-busy={query.isFetching}>
          {query.isPending ? (
            <div className="grid gap-2 p-3" aria-label="Carregando tenants">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          ) : query.isError && !found ? (
            <div role="alert" className="grid justify-items-start gap-2 p-3 text-sm">
              <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar os tenants.')}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : !found || found.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">{search ? 'Nenhum tenant encontrado para a busca.' : 'Nenhum tenant cadastrado.'}</p>
          ) : (
            <ul aria-label="Tenants encontrados" className="divide-y">
              {found.map((tenant) => (
                <li key={tenant.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-accent/50">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={chosen.has(tenant.id)}
                      onChange={(event) => toggle(tenant.id, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate">{tenant.name}</span>
                    <span className="hidden truncate text-xs text-muted-foreground sm:inline">{tenant.url}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        {query.data && query.data.total > query.data.items.length && (
          <p className="text-xs text-muted-foreground">
            Mostrando {query.data.items.length} de {query.data.total} tenants. Busque pelo nome para encontrar os outros.
          </p>
        )}
        <FormDescription>Os jobs dos tenants escolhidos só vão para os agentes deste pool.</FormDescription>
        <FormMessage />
      </fieldset>
    </FormItem>
  )
}
