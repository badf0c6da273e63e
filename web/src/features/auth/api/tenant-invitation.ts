import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, unwrap } from '@/lib/api/client'
import type { TenantSession } from '@/lib/api/types'
import { forgetTenantSecret } from '@/lib/api/tenant-context'
import { authKeys, startSession } from '@/lib/query-keys/auth'

/** The tenant an invitation token names: its first part is the tenant's id (`<tenant id>.<random>`). */
export function tenantOfInvitation(token: string): string {
  const [tenant = ''] = token.split('.')
  return /^[0-9a-f]{32}$/i.test(tenant) ? tenant : ''
}

/**
 * Accepts an owner invitation: creates the password, and the server signs the person in and gives this browser the
 * tenant pass (so nobody types or hands over the security key). Then opens `homePath` of the new session. A refused
 * token comes back as a 400 on `token` ("Convite inválido, expirado ou já aceito…").
 */
export function useAcceptTenantInvitation({ homePath }: { homePath: (session: TenantSession) => string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => unwrap(api.POST('/api/tenant-auth/accept-invitation', { body })),
    onSuccess: (session) => {
      // The pass now stands for the key: a key an older portal stored is not needed any more.
      forgetTenantSecret()
      startSession(queryClient, 'tenant', session)
      void queryClient.invalidateQueries({ queryKey: authKeys.tenantDevice() })
      navigate(homePath(session), { replace: true })
    },
  })
}
