import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { compileKeys } from '@/lib/query-keys/admin-compile'

export type PoolItem = components['schemas']['PoolItem']
export type PoolRequest = components['schemas']['PoolRequest']

/** The agent pools, the default one (serving every tenant not listed elsewhere) included. */
export const compilePoolsQuery = () =>
  queryOptions({
    queryKey: compileKeys.pools,
    queryFn: ({ signal }) => unwrap(api.GET('/api/compile-pools', { signal })),
  })

/** The largest page the API serves: a pool dialog offers that many tenants per search. */
const TENANT_CHOICES_LIMIT = 100

/** The tenants matching `q` (name, display name or URL), for a pool's checklist; the last answer stays while typing. */
export const poolTenantChoicesQuery = (q: string) =>
  queryOptions({
    queryKey: compileKeys.tenantChoices(q),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/tenants', { params: { query: { page: 1, pageSize: TENANT_CHOICES_LIMIT, ...(q ? { q } : {}) } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/**
 * After a pool write: the pools, the agents (deleting a pool moves its revoked agents to the default one) and the
 * audit log.
 */
function useInvalidatePools() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [compileKeys.pools, compileKeys.agents, compileKeys.auditLog].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

/** Makes a pool serving only the given tenants (at least one). */
export function useCreatePool() {
  const invalidate = useInvalidatePools()
  return useMutation({
    mutationFn: (body: PoolRequest) => unwrap(api.POST('/api/compile-pools', { body })),
    onSuccess: invalidate,
  })
}

/** Renames a pool or replaces its tenants (the default pool can only be renamed). */
export function useUpdatePool() {
  const invalidate = useInvalidatePools()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PoolRequest }) =>
      unwrap(api.PATCH('/api/compile-pools/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  })
}

/** Deletes a pool with no active agents (409 otherwise); its tenants go back to the default pool. */
export function useDeletePool() {
  const invalidate = useInvalidatePools()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/compile-pools/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  })
}
