import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { authKeys } from '@/lib/query-keys/auth'
import { ApiError } from '@/lib/api/client'
import { roleCan, type Capability, type OwnerRole } from './permissions'

/** The signed-in owner's role; undefined while nobody is signed in (or the session is still loading). */
export function useOwnerRole(): OwnerRole | undefined {
  return useTenantSession().data?.user.role
}

/**
 * Whether the signed-in owner's role holds `capability`. Screens hide what it refuses; without a session it refuses
 * everything (the signed-in screens only render once the session is known).
 */
export function useCan(capability: Capability): boolean {
  return roleCan(useOwnerRole(), capability)
}

const isRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * A 403 means the role the portal knows is out of date (an admin changed it, or the owner was deactivated), a 401 that
 * the session ended (it expired, the key was rotated, the tenant pass is void): asks the session again, so the menu and
 * screens follow the role the server now holds, or the login opens. The screen that got the refusal shows the server's
 * message itself.
 */
export function useRecheckSessionOnRefusal(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: authKeys.session('tenant'), exact: true })
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isRefused(event.action.error)) refresh()
    })
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isRefused(event.action.error)) refresh()
    })
    return () => {
      unsubscribeQueries()
      unsubscribeMutations()
    }
  }, [queryClient])
}
