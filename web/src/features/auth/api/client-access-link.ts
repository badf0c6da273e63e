import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import { startSession } from '@/lib/query-keys/auth'

/**
 * Signs a buyer in with the one-time link their seller copied for them (POST /api/client-auth/access-link): 200 with
 * the session (its cookie set), or 400 on `token` when the link is invalid, expired or already used.
 */
export function useClientAccessLinkSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/client-auth/access-link', { body: { token } })),
    onSuccess: (session) => startSession(queryClient, 'client', session),
  })
}
