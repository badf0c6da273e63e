import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { compileKeys } from '@/lib/query-keys/admin-compile'

export type AuthTemplate = components['schemas']['AuthTemplateResponse']

/** The fields a save changes; the server keeps the ones left out as they are. */
export type AuthTemplateChanges = Partial<Pick<components['schemas']['UpdateAuthTemplateRequest'], 'name' | 'templateCode' | 'version' | 'isActive'>>

// The generated request type marks every field as present (each defaults to null on the server).
const asRequest = (changes: AuthTemplateChanges) => changes as components['schemas']['UpdateAuthTemplateRequest']

/** The MQL5 authentication template injected into every robot. */
export const authTemplateQuery = () =>
  queryOptions({
    queryKey: compileKeys.authTemplate,
    queryFn: ({ signal }) => unwrap(api.GET('/api/robot-auth-template', { signal })),
  })

export function useUpdateAuthTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: AuthTemplateChanges) => unwrap(api.PATCH('/api/robot-auth-template', { body: asRequest(changes) })),
    onSuccess: (saved) => {
      queryClient.setQueryData(compileKeys.authTemplate, saved)
      return queryClient.invalidateQueries({ queryKey: compileKeys.auditLog })
    },
  })
}
