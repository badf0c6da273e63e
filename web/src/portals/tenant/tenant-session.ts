import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { TenantSession } from '@/lib/api/types'
import { forgetTenantSecret, readTenantSecret, storeTenantSecret } from '@/lib/api/tenant-context'
import { toast } from '@/components/ui/use-toast'

export const tenantSessionKey = ['tenant-session'] as const

async function fetchTenantSession(): Promise<TenantSession | null> {
  const secretSent = readTenantSecret()
  try {
    return await unwrap(api.GET('/api/tenant-auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // The stored key no longer opens a session: drop it, unless a login stored a new one meanwhile.
      if (readTenantSecret() === secretSent) forgetTenantSecret()
      return null
    }
    throw error
  }
}

/** The signed-in tenant owner with their tenant, or null. */
export function useTenantSession() {
  return useQuery({ queryKey: tenantSessionKey, queryFn: fetchTenantSession, staleTime: 5 * 60_000, retry: false })
}

export interface TenantLoginValues {
  email: string
  password: string
  securityKey: string
}

export function useTenantLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: ({ email, password, securityKey }: TenantLoginValues) => {
      const secret = securityKey.trim()
      storeTenantSecret(secret)
      return unwrap(api.POST('/api/tenant-auth/login', { headers: { 'X-Tenant-Secret': secret }, body: { email: email.trim(), password } }))
    },
    onSuccess: (session) => {
      queryClient.setQueryData(tenantSessionKey, session)
      navigate('/dashboard', { replace: true })
    },
    onError: (error) => {
      forgetTenantSecret()
      toast({ variant: 'destructive', title: 'Falha no login', description: errorMessage(error, 'Não foi possível fazer login. Verifique suas credenciais.') })
    },
  })
}

export function useTenantLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/tenant-auth/logout', {})),
    onSuccess: () => {
      forgetTenantSecret()
      queryClient.clear()
      queryClient.setQueryData(tenantSessionKey, null)
      navigate('/login', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Falha ao fazer logout', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}

export function tenantDisplayName(session: TenantSession | null | undefined): string | null {
  return session?.tenant.displayName?.trim() || session?.tenant.name?.trim() || null
}
