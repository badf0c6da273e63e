import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

/** A robot's sales channel as the owner's screen shows it (Kiwify, Eduzz and Asaas will answer the same shape). */
export type SalesChannelState = components['schemas']['HotmartChannel']
export type ChannelEvent = components['schemas']['ChannelEvent']
export type ChannelRefusal = components['schemas']['ChannelRefusal']
export type SecretSaved = components['schemas']['HottokSaved']

const hotmartChannelsKey = ['tenant', 'sales-channels', 'hotmart'] as const
// The checklist's "sales channel" step follows the hottok and the first event.
const onboardingKey = ['tenant', 'onboarding'] as const

export const hotmartChannelKey = (robotId: string) => [...hotmartChannelsKey, robotId] as const

/** One robot's Hotmart channel: its URL, whether the hottok is set, the last events and the refusals. */
export const hotmartChannelQuery = (robotId: string) =>
  queryOptions({
    queryKey: hotmartChannelKey(robotId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/tenant/robots/{id}/sales-channels/hotmart', { params: { path: { id: robotId } }, signal })),
  })

/** Saves the tenant's hottok (one for every robot); every robot's channel then shows it as set. */
export function useSaveHottok() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (hottok: string) => unwrap(api.PUT('/api/tenant/sales-channels/hotmart/hottok', { body: { hottok } })),
    onSuccess: (saved) => {
      queryClient.setQueriesData<SalesChannelState>({ queryKey: hotmartChannelsKey }, (channel) => channel && { ...channel, ...saved })
      void queryClient.invalidateQueries({ queryKey: onboardingKey })
    },
  })
}

/** Posts a test event through the real intake (202 with its id); the worker logs it within about a second. */
export function useSendHotmartTestEvent() {
  return useMutation({
    mutationFn: (robotId: string) =>
      unwrap(api.POST('/api/tenant/robots/{id}/sales-channels/hotmart/test-event', { params: { path: { id: robotId } } })),
  })
}
