import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, errorMessage, unwrap } from '@/lib/api/client'
import type { TenantSession } from '@/lib/api/types'
import { forgetTenantSecret, storeTenantSecret } from '@/lib/api/tenant-context'
import { toast } from '@/components/ui/use-toast'
import { authKeys, startSession } from '@/lib/query-keys/auth'

export interface TenantLoginValues {
  email: string
  password: string
  securityKey: string
}

/**
 * Stores the tenant's security key (sent as X-Tenant-Secret from then on), signs in and opens `homePath` of the new
 * session (default the dashboard; the portal picks the first screen the owner's role may open).
 * A failed login forgets the key; the login form shows the failure.
 */
export function useTenantLogin({ homePath = () => '/dashboard' }: { homePath?: (session: TenantSession) => string } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: ({ email, password, securityKey }: TenantLoginValues) => {
      const secret = securityKey.trim()
      storeTenantSecret(secret)
      return unwrap(api.POST('/api/tenant-auth/login', { headers: { 'X-Tenant-Secret': secret }, body: { email: email.trim(), password } }))
    },
    onSuccess: (session) => {
      startSession(queryClient, 'tenant', session)
      navigate(homePath(session), { replace: true })
    },
    onError: () => forgetTenantSecret(),
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
