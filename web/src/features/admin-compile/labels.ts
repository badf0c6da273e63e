import type { StatusTone } from '@/components/data'
import type { CompileSource, CompileStatus } from './api/compilation-history'
import type { AgentPlatform } from './api/compile-agents'
import type { PoolItem } from './api/compile-pools'

/*
 * What the compile screens call the server's codes. The server sends plain strings, so a code this screen
 * does not know yet shows as it came (`labelOf` from src/lib/labels) instead of an empty cell.
 */

export const compileSourceLabels: Record<CompileSource, string> = { import: 'Importação', 'ai-factory': 'Fábrica IA' }

export const compileStatusLabels: Record<CompileStatus, string> = {
  completed: 'Concluído',
  failed: 'Falhou',
  processing: 'Processando',
  pending: 'Pendente',
}

export const compileStatusTones: Record<CompileStatus, StatusTone> = {
  completed: 'success',
  failed: 'destructive',
  processing: 'warning',
  pending: 'secondary',
}

export type AgentState = 'offline' | 'idle' | 'compiling'

export const agentStateLabels: Record<AgentState, string> = { offline: 'Offline', idle: 'Ocioso', compiling: 'Compilando' }

export const agentStateTones: Record<AgentState, StatusTone> = { offline: 'secondary', idle: 'success', compiling: 'warning' }

export const agentPlatformLabels: Record<AgentPlatform, string> = { windows: 'Windows', wine: 'Wine (Linux)' }

export const platformAlertKindLabels: Record<string, string> = { compile_job_stalled: 'Job sem agente' }

/** What the default pool does, in place of a list of tenants. */
export const DEFAULT_POOL_DESCRIPTION = 'Padrão — atende todos os tenants que não estão em outro pool'

/** The name of the pool `id`, or null while the pools load (or when it is not among them). */
export function poolNameOf(pools: readonly PoolItem[] | undefined, id: string): string | null {
  return pools?.find((pool) => pool.id === id)?.name ?? null
}

/** The pools in the order the screen lists them: the default pool first, then by name. */
export function sortedPools(pools: readonly PoolItem[] | undefined): PoolItem[] {
  return [...(pools ?? [])].sort((a, b) => Number(b.servesAllTenants) - Number(a.servesAllTenants) || a.name.localeCompare(b.name, 'pt-BR'))
}

/** The pools as select options, the default pool first and marked. */
export function poolChoices(pools: readonly PoolItem[] | undefined): { value: string; label: string }[] {
  return sortedPools(pools).map((pool) => ({ value: pool.id, label: pool.servesAllTenants ? `${pool.name} (padrão)` : pool.name }))
}

/** "Nenhum agente ativo", "1 agente ativo", "3 agentes ativos". */
export function activeAgentCount(count: number): string {
  if (count === 0) return 'Nenhum agente ativo'
  return `${count} ${count === 1 ? 'agente ativo' : 'agentes ativos'}`
}
