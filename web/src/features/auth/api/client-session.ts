import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { ClientLoginRequest, ClientPurchaseLoginRequest, ClientSession } from '@/lib/api/types'
import { toast } from '@/components/ui/use-toast'
import { authKeys, endSession, startSession } from './auth-keys'

async function fetchClientSession(): Promise<ClientSession | null> {
  try {
    return await unwrap(api.GET('/api/client-auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The signed-in client with their tenant, or null. */
export const clientSessionQuery = () =>
  queryOptions({ queryKey: authKeys.session('client'), queryFn: fetchClientSession, staleTime: 5 * 60_000, retry: false })

export function useClientSession() {
  return useQuery(clientSessionQuery())
}

function useCompleteLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (session: ClientSession) => {
    startSession(queryClient, 'client', session)
    toast({ title: 'Login realizado com sucesso!' })
    navigate('/dashboard', { replace: true })
  }
}

/** Signs in with e-mail and password. Failures are shown by the login form. */
export function useClientPasswordLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: (body: ClientLoginRequest) => unwrap(api.POST('/api/client-auth/login', { body })),
    onSuccess: completeLogin,
  })
}

/** Signs in with e-mail and a purchase id. Failures are shown by the login form. */
export function useClientPurchaseLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: (body: ClientPurchaseLoginRequest) => unwrap(api.POST('/api/client-auth/login-purchase', { body })),
    onSuccess: completeLogin,
  })
}

/** Signs out; the tenant's branding (public) stays cached for the login page. */
export function useClientLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/client-auth/logout', {})),
    onSuccess: () => {
      endSession(queryClient, 'client')
      navigate('/login', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Erro ao sair', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}
