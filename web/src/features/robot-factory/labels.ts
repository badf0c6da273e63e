import type { StatusTone } from '@/components/data'

/*
 * What the factory screens call the server's codes (the contract's pt-BR labels). The server sends plain strings, so a
 * code this app does not know yet shows as it came (`labelOf` from src/lib/labels) instead of an empty badge.
 */

export type ProjectStatus = 'in_progress' | 'ready_to_publish' | 'published'

export const projectStatusLabels: Record<ProjectStatus, string> = {
  in_progress: 'Em Desenvolvimento',
  ready_to_publish: 'Pronto para Publicar',
  published: 'Publicado',
}

export const projectStatusTones: Record<ProjectStatus, StatusTone> = { in_progress: 'warning', ready_to_publish: 'secondary', published: 'success' }

export type VersionStatus = 'pending' | 'generating' | 'reviewing' | 'compiling' | 'fixing' | 'success' | 'failed'

export const versionStatusLabels: Record<VersionStatus, string> = {
  pending: 'Pendente',
  generating: 'Gerando',
  reviewing: 'Revisando',
  compiling: 'Compilando',
  fixing: 'Corrigindo',
  success: 'Compilado',
  failed: 'Falhou',
}

export const versionStatusTones: Record<VersionStatus, StatusTone> = {
  pending: 'secondary',
  generating: 'warning',
  reviewing: 'warning',
  compiling: 'warning',
  fixing: 'warning',
  success: 'success',
  failed: 'destructive',
}

/** Statuses with the AI or a compile agent still at work: no new adjustment until the version settles (the server answers 409). */
const WORKING: ReadonlySet<string> = new Set<VersionStatus>(['pending', 'generating', 'reviewing', 'compiling', 'fixing'])

export function isVersionInProgress(status: string): boolean {
  return WORKING.has(status)
}

export type GenerationStatus = 'generating' | 'reviewing' | 'completed' | 'failed'

export const generationStatusLabels: Record<GenerationStatus, string> = {
  generating: 'Gerando',
  reviewing: 'Revisando',
  completed: 'Concluída',
  failed: 'Falhou',
}

export const generationStatusTones: Record<GenerationStatus, StatusTone> = { generating: 'warning', reviewing: 'warning', completed: 'success', failed: 'destructive' }

export type MessageRole = 'system' | 'assistant' | 'user'

/** The spec's role badges: Sistema, IA, and Você for anything else (the owner's own requests). */
export function roleLabel(role: string): string {
  if (role === 'system') return 'Sistema'
  if (role === 'assistant') return 'IA'
  return 'Você'
}

export type MessageType =
  | 'request'
  | 'generation'
  | 'review'
  | 'static_check'
  | 'compiling'
  | 'compile_error'
  | 'compile_success'
  | 'fix'
  | 'adjustment'
  | 'error'
  | 'published'

/** What each message is, read out next to its icon (the icon alone tells a screen reader nothing). */
export const messageTypeLabels: Record<MessageType, string> = {
  request: 'Pedido',
  generation: 'Geração',
  review: 'Revisão',
  static_check: 'Verificação',
  compiling: 'Compilação',
  compile_error: 'Erro de compilação',
  compile_success: 'Compilado',
  fix: 'Correção',
  adjustment: 'Ajuste',
  error: 'Erro',
  published: 'Publicação',
}
