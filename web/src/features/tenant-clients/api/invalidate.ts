import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'

/**
 * Refreshes every cached query under the given key prefixes after a write (lists, pickers, detail pages),
 * and the dashboard's figures, which count clients and active licenses.
 */
export function useInvalidate() {
  const queryClient = useQueryClient()
  return (...keys: QueryKey[]) => Promise.all([...keys, tenantCommerceKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
