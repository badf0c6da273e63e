import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, errorMessage, unwrap } from '@/lib/api/client'
import type { TenantSession } from '@/lib/api/types'
import { forgetTenantSecret } from '@/lib/api/tenant-context'
import { toast } from '@/components/ui/use-toast'
import { authKeys, startSession } from '@/lib/query-keys/auth'

export interface TenantLoginValues {
  email: string
  password: string
  /** Blank when this browser holds the tenant pass (`useTenantDevice`): the pass stands for the key. */
  securityKey: string
}

/**
 * Whether this browser still needs the tenant's security key to sign in: false once it holds the tenant pass (an
 * HttpOnly cookie given by an accepted invitation or an earlier sign-in with the key), with the tenant it is for.
 */
export const tenantDeviceQuery = () =>
  queryOptions({
    queryKey: authKeys.tenantDevice(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant-auth/device', { signal })),
    staleTime: 0,
    retry: false,
  })

export function useTenantDevice() {
  return useQuery(tenantDeviceQuery())
}

/**
 * Signs in and opens `homePath` of the new session (default the dashboard; the portal picks the first screen the
 * owner's role may open). A typed key goes as X-Tenant-Secret for this one call and is never stored: the server
 * answers with the tenant pass, an HttpOnly cookie that stands for the key from then on. A key stored by an earlier
 * version of the portal is forgotten at this login too (it was sent until now).
 */
export function useTenantLogin({ homePath = () => '/dashboard' }: { homePath?: (session: TenantSession) => string } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: ({ email, password, securityKey }: TenantLoginValues) => {
      const secret = securityKey.trim()
      // Only the typed key (or the pass) speaks for the tenant at a login: an old stored one must not.
      forgetTenantSecret()
      const headers = secret ? { 'X-Tenant-Secret': secret } : undefined
      return unwrap(api.POST('/api/tenant-auth/login', { headers, body: { email: email.trim(), password } }))
    },
    onSuccess: (session) => {
      startSession(queryClient, 'tenant', session)
      void queryClient.invalidateQueries({ queryKey: authKeys.tenantDevice() })
      navigate(homePath(session), { replace: true })
    },
  })
}

/**
 * Signs out and opens the login. Everything cached is dropped, public queries included: whatever was read
 * with this tenant's key must not show to whoever signs in next, possibly with another tenant's key.
 */
export function useTenantLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/tenant-auth/logout', {})),
    onSuccess: () => {
      forgetTenantSecret()
      queryClient.clear()
      queryClient.setQueryData(authKeys.session('tenant'), null)
      navigate('/login', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Falha ao fazer logout', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}

/** The name the tenant shows to people: its display name, else its name. */
export function tenantDisplayName(session: TenantSession | null | undefined): string | null {
  return session?.tenant.displayName?.trim() || session?.tenant.name?.trim() || null
}
