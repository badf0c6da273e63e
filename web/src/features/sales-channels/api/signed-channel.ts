import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Client } from 'openapi-fetch'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

/** The platforms that sign each delivery with a secret per robot. */
export type SignedPlatformKey = 'kiwify' | 'eduzz' | 'asaas'

/**
 * A robot's channel on one of them: its URL, whether its secret is set (and how it begins), the last events and the
 * refusals; for Asaas, the external reference that ties a charge to this robot (optional until the server sends it).
 */
export type SignedChannelState = components['schemas']['SignedChannel'] & { externalReference?: string | null }
export type SignedTokenSaved = components['schemas']['SignedTokenSaved']

type ErrorBody = components['schemas']['ErrorBody']
type ReferenceParams = { query?: never; header?: never; path: { id: string }; cookie?: never }
type Answer<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } }

/**
 * Asaas's reference route as the server defines it (body `{ externalReference }`), written here until the generated
 * schema names it.
 */
interface AsaasReferencePaths {
  '/api/tenant/robots/{id}/sales-channels/asaas/reference': {
    parameters: ReferenceParams
    put: {
      parameters: ReferenceParams
      requestBody: { content: { 'application/json': { externalReference: string } } }
      responses: { 200: Answer<{ externalReference?: string | null }>; 422: Answer<ErrorBody> }
    }
  }
}
const referenceApi = api as unknown as Client<AsaasReferencePaths>

const channelsKey = ['tenant', 'sales-channels'] as const
// The checklist's "sales channel" step follows the secret and the first event.
const onboardingKey = ['tenant', 'onboarding'] as const

export const signedChannelKey = (robotId: string, platform: SignedPlatformKey) => [...channelsKey, platform, robotId] as const

/** One robot's channel on `platform`. */
export const signedChannelQuery = (robotId: string, platform: SignedPlatformKey) =>
  queryOptions({
    queryKey: signedChannelKey(robotId, platform),
    queryFn: ({ signal }): Promise<SignedChannelState> =>
      unwrap(api.GET('/api/tenant/robots/{id}/sales-channels/{platform}', { params: { path: { id: robotId, platform } }, signal })),
  })

/** Saves the robot's secret on `platform` (it replaces the one kept); the channel then says how it begins. */
export function useSaveSignedToken(robotId: string, platform: SignedPlatformKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      unwrap(api.PUT('/api/tenant/robots/{id}/sales-channels/{platform}/token', { params: { path: { id: robotId, platform } }, body: { token } })),
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
        referenceApi.PUT('/api/tenant/robots/{id}/sales-channels/asaas/reference', {
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
