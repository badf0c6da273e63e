import type { StatusTone } from '@/components/data'

/** A personal copy's status as the owner reads it; a license with none is "Sem cópia pessoal". */
export const buildStatusLabels: Record<string, string> = {
  queued: 'Na fila',
  compiling: 'Compilando',
  ready: 'Pronta',
  failed: 'Falhou',
  superseded: 'Substituída',
  revoked: 'Revogada',
}

export const buildStatusTones: Record<string, StatusTone> = {
  queued: 'secondary',
  compiling: 'warning',
  ready: 'success',
  failed: 'destructive',
  superseded: 'secondary',
  revoked: 'destructive',
}

export const NO_PERSONAL_BUILD = 'Sem cópia pessoal'

/** The label of a status, or the status itself when a newer server sends one this screen does not know. */
export function buildStatusLabel(status: string | null | undefined): string {
  if (!status) return NO_PERSONAL_BUILD
  return buildStatusLabels[status] ?? status
}

export const licenseStatusLabels: Record<string, string> = {
  active: 'Ativa',
  trial: 'Teste',
  expired: 'Expirada',
  cancelled: 'Cancelada',
}
