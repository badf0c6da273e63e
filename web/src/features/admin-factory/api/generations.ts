import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { isFinishedStep } from '../generation-steps'
import { factoryKeys } from './keys'

export type AdminGenerateRequest = components['schemas']['AdminGenerateRequest']
export type AdminGeneration = components['schemas']['AdminGeneration']
export type AdminGenerateResult = components['schemas']['AdminGenerateResult']

/** How often a running generation is asked for again. */
export const GENERATION_POLL_MS = 2000

/** What the poll's decisions read of the query (its data and its last error). */
interface PolledQuery {
  state: { data?: AdminGeneration; error: unknown }
}

const finished = (query: PolledQuery) => !!query.state.data && isFinishedStep(query.state.data.step)
// A 4xx (an unknown or foreign generation id in the link) answers the same every time.
const refused = (query: PolledQuery) => query.state.error instanceof ApiError && query.state.error.status < 500

/**
 * One generation, asked for again every 2 s until it is ready or failed (or the server refuses to show it);
 * a finished one never changes, so it is not asked for again.
 */
export const generationQuery = (id: string) =>
  queryOptions({
    queryKey: factoryKeys.generation(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/robots/generations/{id}', { params: { path: { id } }, signal })),
    refetchInterval: (query) => (finished(query) || refused(query) ? false : GENERATION_POLL_MS),
    // The 202 seeds the cache: the first poll comes one interval after it, not at once.
    staleTime: (query) => (finished(query) ? Infinity : GENERATION_POLL_MS),
  })

/** Starts a generation (202): the answer is its first state, which seeds the poll. */
export function useGenerateRobot() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminGenerateRequest) => unwrap(api.POST('/api/robots/generate', { body })),
    onSuccess: ({ generation }) => {
      queryClient.setQueryData(factoryKeys.generation(generation.id), generation)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: factoryKeys.aiUsage }),
        queryClient.invalidateQueries({ queryKey: factoryKeys.compilationHistory }),
        queryClient.invalidateQueries({ queryKey: factoryKeys.auditLog }),
      ])
    },
  })
}
