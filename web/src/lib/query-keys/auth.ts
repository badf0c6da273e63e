import type { Query, QueryClient } from '@tanstack/react-query'
import type { PortalKind } from '@/lib/portal'

/** Query keys of the sessions: `['auth']` matches all of them, `authKeys.session(portal)` one portal's. */
export const authKeys = {
  all: ['auth'] as const,
  session: (portal: PortalKind) => [...authKeys.all, portal, 'session'] as const,
  /** Whether this browser still needs the tenant's security key (it holds no tenant pass). */
  tenantDevice: () => [...authKeys.all, 'tenant', 'device'] as const,
}

const belongsToSomeone = (query: Query) => !query.meta?.public

/**
 * After a login: the new session goes in under its key (the login answer carries it, so no refetch),
 * and whatever was cached for somebody else is invalidated.
 */
export function startSession<Session>(queryClient: QueryClient, portal: PortalKind, session: Session): void {
  const key = authKeys.session(portal)
  queryClient.setQueryData(key, session)
  void queryClient.invalidateQueries({
    predicate: (query) => belongsToSomeone(query) && query.queryKey[0] !== authKeys.all[0],
  })
}

/** After a logout: everything cached for the person is dropped and the session becomes null. */
export function endSession(queryClient: QueryClient, portal: PortalKind): void {
  queryClient.removeQueries({ predicate: belongsToSomeone })
  queryClient.setQueryData(authKeys.session(portal), null)
}
