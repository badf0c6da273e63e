import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type HotmartApiSettingsItem = components['schemas']['HotmartApiSettingsItem']
export type HotmartApiRequest = components['schemas']['HotmartApiRequest']

/** The tenant's Hotmart API credentials, as far as the owner may know them: whether set, and how the client id begins. */
export const hotmartApiKey = ['tenant', 'hotmart-api'] as const

export const hotmartApiQuery = () =>
  queryOptions({
    queryKey: hotmartApiKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/hotmart-api', { signal })),
  })

/** Stores new credentials; the server first asks Hotmart for a token with them (400 when Hotmart refuses). */
export function useSaveHotmartApi() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: HotmartApiRequest) => unwrap(api.PUT('/api/tenant/hotmart-api', { body })),
    onSuccess: (saved) => queryClient.setQueryData(hotmartApiKey, saved),
  })
}

/** Forgets the credentials: clients then cancel at Hotmart themselves. */
export function useRemoveHotmartApi() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/tenant/hotmart-api', {})),
    onSuccess: () => queryClient.setQueryData<HotmartApiSettingsItem>(hotmartApiKey, { configured: false, clientIdPrefix: null }),
  })
}
