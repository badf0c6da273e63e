import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { authKeys } from '@/lib/query-keys/auth'
import { clientAreaKeys } from './keys'

export type ClientProfile = components['schemas']['ClientProfile']
export type ClientPasswordRequest = components['schemas']['ClientPasswordRequest']

export const clientProfileQuery = () =>
  queryOptions({
    queryKey: clientAreaKeys.profile,
    queryFn: ({ signal }) => unwrap(api.GET('/api/client/profile', { signal })),
  })

export function useClientProfile() {
  return useQuery(clientProfileQuery())
}

/** Renames the buyer; the header and menus read the name from the session, so it is fetched again too. */
export function useUpdateClientProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => unwrap(api.PATCH('/api/client/profile', { body: { name } })),
    onSuccess: (profile) => {
      queryClient.setQueryData(clientAreaKeys.profile, profile)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.session('client') }),
        queryClient.invalidateQueries({ queryKey: clientAreaKeys.dashboard }),
      ])
    },
  })
}

/**
 * Changes the password (or sets a first one when the profile says `hasPassword: false`). The server ends the buyer's
 * other sessions and keeps this one; a wrong current password is a field error, and repeated ones a 429.
 */
export function useChangeClientPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ClientPasswordRequest) => unwrap(api.POST('/api/client/password', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientAreaKeys.profile }),
  })
}
