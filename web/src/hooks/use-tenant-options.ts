import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { catalogKeys } from '@/lib/query-keys/admin-catalog'

/** One tenant as a select shows it. */
export interface TenantOption {
  value: string
  label: string
  /** The tenant's domain, for screens that build links from it. */
  url: string
}

/** The largest page the API serves; the admin's tenant selects offer that many. */
const TENANT_OPTIONS_LIMIT = 100

type TenantPage = components['schemas']['Page_TenantListItem']

// Module-level, so the options keep their identity between renders (select reruns when its function changes).
function toOptions(page: TenantPage): TenantOption[] {
  return page.items
    .map((tenant) => ({ value: tenant.id, label: tenant.name, url: tenant.url }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'))
}

export const tenantOptionsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.tenantOptions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenants', { params: { query: { page: 1, pageSize: TENANT_OPTIONS_LIMIT } }, signal })),
    select: toOptions,
    staleTime: 60_000,
  })

const NO_OPTIONS: TenantOption[] = []

/**
 * The tenants for the admin's tenant filters and form selects, sorted by name.
 * `nameOf(id)` finds the name of a tenant (or undefined while loading / when not in the list).
 */
export function useTenantOptions() {
  const query = useQuery(tenantOptionsQuery())
  const options = query.data ?? NO_OPTIONS
  return {
    options,
    isLoading: query.isLoading,
    isError: query.isError,
    nameOf: (id: string | null | undefined) => options.find((option) => option.value === id)?.label,
  }
}
