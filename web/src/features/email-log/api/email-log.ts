import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type EmailLogItem = components['schemas']['EmailLogItem']
export type ResentEmail = components['schemas']['ResentEmail']

const emailLogKey = ['tenant', 'email-log'] as const

/** The messages sent (or not) to one buyer, newest first, each with what really happened. */
export const clientEmailsQuery = (clientId: string) =>
  queryOptions({
    queryKey: [...emailLogKey, 'client', clientId] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/clients/{id}/emails', { params: { path: { id: clientId } }, signal })),
  })

/** The messages sent (or not) to one member of the team (invitations, password links). */
export const memberEmailsQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...emailLogKey, 'member', memberId] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/team/{id}/emails', { params: { path: { id: memberId } }, signal })),
  })

/**
 * Sends a copy of a message (202 with what happened: queued, not configured, refused); a one-time link or code is
 * refused with 409 and the reason. Every log is asked again, since the copy is a new line in it.
 */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (emailId: string) => unwrap(api.POST('/api/tenant/emails/{id}/resend', { params: { path: { id: emailId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailLogKey }),
  })
}
