import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { ClientLoginRequest, ClientPurchaseLoginRequest, ClientSession, TenantBranding } from '@/lib/api/types'
import { toast } from '@/components/ui/use-toast'

export const clientSessionKey = ['client-session'] as const

async function fetchClientSession(): Promise<ClientSession | null> {
  try {
    return await unwrap(api.GET('/api/client-auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The signed-in client with their tenant, or null. */
export function useClientSession() {
  return useQuery({ queryKey: clientSessionKey, queryFn: fetchClientSession, staleTime: 5 * 60_000, retry: false })
}

/** `?secret=` lets a tenant link straight to a branded login page. */
function brandingSecretFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('secret')?.trim() || undefined
}

async function fetchBranding(secret: string | undefined): Promise<TenantBranding | null> {
  try {
    return await unwrap(api.GET('/api/public/tenant-branding', { params: { query: secret ? { secret } : {} } }))
  } catch (error) {
    // Branding is decoration: without it the portal shows its neutral look.
    if (error instanceof ApiError && error.status < 500) return null
    throw error
  }
}

/** The tenant's look; it hardly ever changes, so it is fetched once per visit. */
export function useTenantBranding() {
  const secret = brandingSecretFromUrl()
  return useQuery({ queryKey: ['tenant-branding', secret ?? null], queryFn: () => fetchBranding(secret), staleTime: Infinity, retry: false })
}

function useCompleteLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (session: ClientSession) => {
    queryClient.setQueryData(clientSessionKey, session)
    toast({ title: 'Login realizado com sucesso!' })
    navigate('/dashboard', { replace: true })
  }
}

export function useClientPasswordLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: (body: ClientLoginRequest) => unwrap(api.POST('/api/client-auth/login', { body })),
    onSuccess: completeLogin,
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Erro ao fazer login', description: errorMessage(error, 'Email ou senha incorretos') })
    },
  })
}

export function useClientPurchaseLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: (body: ClientPurchaseLoginRequest) => unwrap(api.POST('/api/client-auth/login-purchase', { body })),
    onSuccess: completeLogin,
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Erro ao fazer login', description: errorMessage(error, 'Email ou ID de compra inválidos') })
    },
  })
}

export function useClientLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/client-auth/logout', {})),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'tenant-branding' })
      queryClient.setQueryData(clientSessionKey, null)
      navigate('/login', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Erro ao sair', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}
