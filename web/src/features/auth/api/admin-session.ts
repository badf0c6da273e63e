import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { AdminUser, LoginRequest } from '@/lib/api/types'
import { toast } from '@/components/ui/use-toast'
import { authKeys, endSession, startSession } from '@/lib/query-keys/auth'

async function fetchAdminSession(): Promise<AdminUser | null> {
  try {
    return await unwrap(api.GET('/api/auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The signed-in platform admin, or null. Fetched once; login and logout update it directly. */
export const adminSessionQuery = () =>
  queryOptions({ queryKey: authKeys.session('admin'), queryFn: fetchAdminSession, staleTime: Infinity, gcTime: Infinity, retry: false })

export function useAdminSession() {
  return useQuery(adminSessionQuery())
}

/** Signs in and opens the dashboard. Failures are shown by the login form (toast and field messages). */
export function useAdminLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (credentials: LoginRequest) => unwrap(api.POST('/api/auth/login', { body: credentials })),
    onSuccess: ({ user }) => {
      startSession(queryClient, 'admin', user)
      navigate('/', { replace: true })
    },
  })
}

export function useAdminLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    onSuccess: () => {
      endSession(queryClient, 'admin')
      navigate('/auth', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Falha ao sair', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}
