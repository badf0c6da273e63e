import { z } from 'zod'
import type { AgentPlatform, RegisterAgentInput } from './api/compile-agents'

const NAME_MAX = 100

const agentPlatforms = ['windows', 'wine'] as const satisfies readonly AgentPlatform[]

/** The register dialog's rules, with the server's messages (compile_agents.rs). */
export const registerAgentSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(NAME_MAX, 'Nome deve ter no máximo 100 caracteres'),
  platform: z.enum(agentPlatforms, { error: 'Plataforma inválida (windows ou wine)' }),
  /** '' until the pools are known: the server then puts the agent in the default pool. */
  poolId: z.string(),
})

export type RegisterAgentValues = z.infer<typeof registerAgentSchema>

/** Most agents run MetaEditor on Windows; Wine is the Linux alternative. New agents go to the default pool. */
export function registerAgentDefaults(defaultPoolId: string | undefined): RegisterAgentValues {
  return { name: '', platform: 'windows', poolId: defaultPoolId ?? '' }
}

export function registerAgentPayload(values: RegisterAgentValues): RegisterAgentInput {
  return { name: values.name, platform: values.platform, poolId: values.poolId || null }
}
