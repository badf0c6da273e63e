import { createLiveChannel, eventFields, textField } from './live-channel'
import type { SseEvent } from './sse-reader'

/**
 * Compile-job status changes heard on the owner's live stream (`event: compilation`). The stream is opened once,
 * by the layout's notification bell; screens that follow a job (the import page) subscribe here instead of
 * opening a stream of their own.
 */
export interface CompilationEvent {
  tenantId: string | null
  jobId: string
  /** pending, processing, completed, failed, or one the app does not know yet. */
  status: string
}

export type CompilationListener = (event: CompilationEvent) => void

const channel = createLiveChannel<CompilationEvent>('de compilação')

/** The status change a stream event carries, or null for events of other names and for unreadable data (logged). */
export function compilationFromEvent(event: SseEvent): CompilationEvent | null {
  const fields = eventFields(event, 'compilation', 'de compilação')
  if (!fields) return null
  const jobId = textField(fields.jobId)
  const status = textField(fields.status)
  if (!jobId || !status) {
    console.warn('Evento de compilação incompleto ignorado', event.data)
    return null
  }
  return { tenantId: textField(fields.tenantId), jobId, status }
}

/** Hands the event to every current listener; one listener failing does not keep it from the others. */
export const publishCompilationEvent: (event: CompilationEvent) => void = channel.publish

/** Calls `listener` for each event published from now on; the returned function stops it. */
export const subscribeCompilationEvents: (listener: CompilationListener) => () => void = channel.subscribe
