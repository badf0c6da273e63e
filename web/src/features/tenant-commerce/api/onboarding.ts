import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type OnboardingProgress = components['schemas']['OnboardingProgress']

const onboardingKey = ['tenant', 'onboarding'] as const

/** The first-day checklist, ticked by the server from what is really configured. */
export const onboardingQuery = () =>
  queryOptions({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/onboarding', { signal })),
  })

export function useOnboarding() {
  return useQuery(onboardingQuery())
}

/** The owner copied the client portal's address: that step is done. */
export function useMarkPortalShared() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/tenant/onboarding/portal-shared')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingKey }),
  })
}
