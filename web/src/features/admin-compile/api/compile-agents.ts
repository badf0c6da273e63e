import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { compileKeys } from '@/lib/query-keys/admin-compile'

export type AgentItem = components['schemas']['AgentItem']
export type RegisteredAgent = components['schemas']['RegisteredAgent']
export type AgentPlatform = 'windows' | 'wine'

/** How often the agents list asks again: states and heartbeats change every few seconds. */
export const AGENTS_REFRESH_MS = 5000

/** Every compile agent, revoked ones included. */
export const compileAgentsQuery = () =>
  queryOptions({
    queryKey: compileKeys.agents,
    queryFn: ({ signal }) => unwrap(api.GET('/api/compile-agents', { signal })),
    refetchInterval: AGENTS_REFRESH_MS,
  })

/** After an agent write: the agents, the pools (they count their active agents) and the audit log. */
function useInvalidateAgents() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [compileKeys.agents, compileKeys.pools, compileKeys.auditLog].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

export interface RegisterAgentInput {
  name: string
  platform: AgentPlatform
  /** Null: the default pool. */
  poolId: string | null
}

/** Registers an agent; the answer carries its token, which the server never shows again. */
export function useRegisterAgent() {
  const invalidate = useInvalidateAgents()
  return useMutation({
    mutationFn: (body: RegisterAgentInput) => unwrap(api.POST('/api/compile-agents', { body })),
    onSuccess: invalidate,
  })
}

/** Moves an agent to another pool: from its next claim it takes only that pool's tenants' jobs. */
export function useMoveAgent() {
  const invalidate = useInvalidateAgents()
  return useMutation({
    mutationFn: ({ id, poolId }: { id: string; poolId: string }) =>
      unwrap(api.PATCH('/api/compile-agents/{id}', { params: { path: { id } }, body: { poolId } })),
    onSuccess: invalidate,
  })
}

/** Revokes an agent: its token stops working and a job it held goes back to the queue. */
export function useRevokeAgent() {
  const invalidate = useInvalidateAgents()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/compile-agents/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  })
}
