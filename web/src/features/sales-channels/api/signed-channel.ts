import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Client } from 'openapi-fetch'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import type { ChannelEvent, ChannelRefusal } from './hotmart-channel'

/** The platforms that sign each delivery with a secret per robot. */
export type SignedPlatformKey = 'kiwify' | 'eduzz' | 'asaas'

/**
 * A robot's channel on one of them: its URL, whether its secret is set (and how it begins), the last events and the
 * refusals; for Asaas, the external reference that ties a charge to this robot (absent until the server sends it).
 * The server's `SignedChannel`, written here because the generated schema cannot name it yet (see `SignedChannelPaths`).
 */
export interface SignedChannelState {
  webhookUrl: string
  tokenConfigured: boolean
  tokenPrefix?: string | null
  lastEventAt?: string | null
  events: ChannelEvent[]
  refusals: ChannelRefusal[]
  externalReference?: string | null
}
export interface SignedTokenSaved {
  tokenConfigured: boolean
  tokenPrefix?: string | null
}

type ErrorBody = components['schemas']['ErrorBody']
type PathParams = { query?: never; header?: never; path: { id: string; platform: SignedPlatformKey }; cookie?: never }
type Answer<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } }

/**
 * The routes of api/src/routes/tenant/signed_channels.rs (and Asaas's reference), as the server defines them. Written
 * by hand because the OpenAPI document names its `{platform}` parameter's schema without defining it, so
 * `npm run gen:api` cannot run; once it can, these become the generated paths.
 */
interface SignedChannelPaths {
  '/api/tenant/robots/{id}/sales-channels/{platform}': {
    parameters: PathParams
    get: { parameters: PathParams; requestBody?: never; responses: { 200: Answer<SignedChannelState>; 404: Answer<ErrorBody> } }
  }
  '/api/tenant/robots/{id}/sales-channels/{platform}/token': {
    parameters: PathParams
    put: {
      parameters: PathParams
      requestBody: { content: { 'application/json': { token: string } } }
      responses: { 200: Answer<SignedTokenSaved>; 422: Answer<ErrorBody> }
    }
  }
  '/api/tenant/robots/{id}/sales-channels/asaas/reference': {
    parameters: { query?: never; header?: never; path: { id: string }; cookie?: never }
    put: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never }
      requestBody: { content: { 'application/json': { externalReference: string } } }
      responses: { 200: Answer<{ externalReference?: string | null }>; 422: Answer<ErrorBody> }
    }
  }
}
const signedApi = api as unknown as Client<SignedChannelPaths>

const channelsKey = ['tenant', 'sales-channels'] as const
// The checklist's "sales channel" step follows the secret and the first event.
const onboardingKey = ['tenant', 'onboarding'] as const

export const signedChannelKey = (robotId: string, platform: SignedPlatformKey) => [...channelsKey, platform, robotId] as const

/** One robot's channel on `platform`. */
export const signedChannelQuery = (robotId: string, platform: SignedPlatformKey) =>
  queryOptions({
    queryKey: signedChannelKey(robotId, platform),
    queryFn: ({ signal }) =>
      unwrap(signedApi.GET('/api/tenant/robots/{id}/sales-channels/{platform}', { params: { path: { id: robotId, platform } }, signal })),
  })

/** Saves the robot's secret on `platform` (it replaces the one kept); the channel then says how it begins. */
export function useSaveSignedToken(robotId: string, platform: SignedPlatformKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      unwrap(signedApi.PUT('/api/tenant/robots/{id}/sales-channels/{platform}/token', { params: { path: { id: robotId, platform } }, body: { token } })),
    onSuccess: (saved) => {
      queryClient.setQueryData<SignedChannelState>(signedChannelKey(robotId, platform), (channel) => channel && { ...channel, ...saved })
      void queryClient.invalidateQueries({ queryKey: onboardingKey })
    },
  })
}

/** Saves the external reference this robot's Asaas charges carry; the channel then shows it. */
export function useSaveExternalReference(robotId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (externalReference: string) =>
      unwrap(
        signedApi.PUT('/api/tenant/robots/{id}/sales-channels/asaas/reference', {
          params: { path: { id: robotId } },
          body: { externalReference },
        }),
      ),
    onSuccess: (saved, sent) => {
      const externalReference = saved?.externalReference ?? sent
      queryClient.setQueryData<SignedChannelState>(signedChannelKey(robotId, 'asaas'), (channel) => channel && { ...channel, externalReference })
    },
  })
}
