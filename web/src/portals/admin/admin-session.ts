import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { AdminUser, LoginRequest } from '@/lib/api/types'
import { toast } from '@/components/ui/use-toast'

export const adminSessionKey = ['admin-session'] as const

async function fetchAdminSession(): Promise<AdminUser | null> {
  try {
    return await unwrap(api.GET('/api/auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The signed-in platform admin, or null. Fetched once; login and logout update it directly. */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionKey, queryFn: fetchAdminSession, staleTime: Infinity, gcTime: Infinity, retry: false })
}

export function useAdminLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (credentials: LoginRequest) => unwrap(api.POST('/api/auth/login', { body: credentials })),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(adminSessionKey, user)
      navigate('/', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Falha no login', description: errorMessage(error, 'Usuário ou senha inválidos') })
    },
  })
}

export function useAdminLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    onSuccess: () => {
      queryClient.clear()
      queryClient.setQueryData(adminSessionKey, null)
      navigate('/auth', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Falha ao sair', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}
