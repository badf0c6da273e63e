import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { forgetTenantSecret } from '@/lib/api/tenant-context'
import { authKeys } from '@/lib/query-keys/auth'

export type TeamMember = components['schemas']['TeamMemberItem']
export type InviteRequest = components['schemas']['InviteRequest']
export type TeamMemberChange = components['schemas']['TeamMemberChange']
export type RotatedKey = components['schemas']['RotatedKey']

export const teamKeys = {
  all: ['tenant', 'team'] as const,
}

/** The tenant's owners (ManageTeam): active first, then by name. */
export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/team', { signal })),
  })

/** Invites an owner: the account exists at once and the e-mail carries the link that creates the password. */
export function useInviteOwner() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; email: string; role: TeamMember['role'] }) => unwrap(api.POST('/api/tenant/team', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

/**
 * Changes a member's role, or deactivates (their sessions end at once) or reactivates them. A change to the signed-in
 * owner also refreshes their session: the menu follows the new role, and a deactivated owner lands on the login.
 */
export function useUpdateTeamMember(currentOwnerId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: Partial<TeamMemberChange> }) =>
      // The generated type lists both fields because the server defaults them; an absent one stays as it is.
      unwrap(api.PATCH('/api/tenant/team/{id}', { params: { path: { id } }, body: change as TeamMemberChange })),
    onSuccess: (member) => {
      queryClient.setQueryData<TeamMember[]>(teamKeys.all, (members) => members?.map((m) => (m.id === member.id ? member : m)))
      void queryClient.invalidateQueries({ queryKey: teamKeys.all })
      if (member.id === currentOwnerId) void queryClient.invalidateQueries({ queryKey: authKeys.session('tenant'), exact: true })
    },
    // A refusal (409: the last active admin) leaves the list as the server holds it, e.g. a role select snaps back.
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

/**
 * Removes a member from the team (their sessions end; the audit log keeps what they did); 409 for the last active
 * admin. Removing oneself ends one's own session: the session is asked again, and the login opens.
 */
export function useRemoveTeamMember(currentOwnerId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/tenant/team/{id}', { params: { path: { id } } })),
    onSuccess: (_, id) => {
      queryClient.setQueryData<TeamMember[]>(teamKeys.all, (members) => members?.filter((m) => m.id !== id))
      void queryClient.invalidateQueries({ queryKey: teamKeys.all })
      if (id === currentOwnerId) void queryClient.invalidateQueries({ queryKey: authKeys.session('tenant'), exact: true })
    },
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

/** A new invitation link by e-mail (the earlier one stops working); 409 once the invitation was accepted. */
export function useResendInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/tenant/team/{id}/resend-invitation', { params: { path: { id } } })),
    onError: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

/**
 * A new security key for the tenant. The server ends every owner session at once, this one included, so nothing here
 * refreshes: the key is shown until the owner leaves for the login (`useSignInAgain`).
 */
export function useRotateSecurityKey() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/tenant/security-key/rotate')),
  })
}

/** After the key rotated: forgets the old key and everything read with it, and opens the login. */
export function useSignInAgain() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return () => {
    forgetTenantSecret()
    queryClient.clear()
    queryClient.setQueryData(authKeys.session('tenant'), null)
    navigate('/login', { replace: true })
  }
}
