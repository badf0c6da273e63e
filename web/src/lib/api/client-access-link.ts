import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type ClientAccessLink = components['schemas']['AccessLink']

/**
 * A one-time link that signs a buyer in to the client portal (201: the link, shown this once, and when it expires;
 * 409 for a suspended buyer). Single use, 24 hours, audited. Shared by the client page and the manual sale's answer.
 */
export function useCreateClientAccessLink() {
  return useMutation({
    mutationFn: (clientId: string) => unwrap(api.POST('/api/tenant/clients/{id}/access-link', { params: { path: { id: clientId } } })),
  })
}
