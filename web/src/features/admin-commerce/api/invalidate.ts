import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { adminCommerceKeys } from './keys'

/** Refreshes the given lists after a write, along with the audit log and the dashboard. */
export function useInvalidate() {
  const queryClient = useQueryClient()
  return (...keys: QueryKey[]) =>
    Promise.all([...keys, ...adminCommerceKeys.sideEffects].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
