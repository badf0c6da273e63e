/**
 * Where an import stands, as the page shows it (spec: idle, uploading 10 %, pending 30 %, processing 60 %,
 * completed 100 %, failed 0 %). The first two are the browser's; the others are the job's status.
 */

export type ImportPhase = 'idle' | 'uploading' | 'pending' | 'processing' | 'completed' | 'failed'

export const PHASE_PROGRESS: Record<ImportPhase, number> = {
  idle: 0,
  uploading: 10,
  pending: 30,
  processing: 60,
  completed: 100,
  failed: 0,
}

export const PHASE_LABEL: Record<ImportPhase, string> = {
  idle: 'Aguardando arquivo',
  uploading: 'Enviando código-fonte…',
  pending: 'Na fila de compilação…',
  processing: 'Compilando…',
  completed: 'Compilação concluída',
  failed: 'Falha na compilação',
}

/** How often a running job is asked for again, besides the live stream's nudges. */
export const JOB_POLL_MS = 2000

/** Whether a job's status is final: it will not change any more, so asking again is pointless. */
export function isFinishedStatus(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed'
}

/**
 * The phase of the page: sending while the job is being created; then the job's status. A status the app does
 * not know yet is shown as waiting in the queue (it is not final, so the page keeps asking).
 */
export function importPhase({ sending, jobStatus }: { sending: boolean; jobStatus: string | undefined }): ImportPhase {
  if (sending) return 'uploading'
  if (jobStatus === undefined) return 'idle'
  if (jobStatus === 'processing' || jobStatus === 'completed' || jobStatus === 'failed') return jobStatus
  return 'pending'
}

/** Whether the phase is a job on its way (the form waits until it ends). */
export function isRunningPhase(phase: ImportPhase): boolean {
  return phase === 'uploading' || phase === 'pending' || phase === 'processing'
}
