import type { StatusTone } from '@/components/data'
import type { CompileSource, CompileStatus } from './api/compilation-history'
import type { AgentPlatform } from './api/compile-agents'

/*
 * What the compile screens call the server's codes. The server sends plain strings, so a code this screen
 * does not know yet shows as it came (`labelOf`) instead of an empty cell.
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

/** The options of a select, in the order of the labels' keys. */
export function choicesOf<Value extends string>(labels: Record<Value, string>): { value: Value; label: string }[] {
  return (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }))
}

/** The label of a code, or the code itself when this screen does not know it. */
export function labelOf(labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code
}

/** The tone of a code's badge; unknown codes are grey. */
export function toneOf(tones: Record<string, StatusTone>, code: string): StatusTone {
  return Object.hasOwn(tones, code) ? tones[code]! : 'secondary'
}
