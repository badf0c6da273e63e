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

const COMPILATION_EVENT = 'compilation'

const listeners = new Set<CompilationListener>()

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** The status change a stream event carries, or null for events of other names and for unreadable data (logged). */
export function compilationFromEvent(event: SseEvent): CompilationEvent | null {
  if (event.event !== COMPILATION_EVENT) return null
  let body: unknown
  try {
    body = JSON.parse(event.data)
  } catch (error) {
    console.warn('Evento de compilação ilegível ignorado', event.data, error)
    return null
  }
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  const jobId = text(fields?.jobId)
  const status = text(fields?.status)
  if (!fields || !jobId || !status) {
    console.warn('Evento de compilação incompleto ignorado', event.data)
    return null
  }
  return { tenantId: text(fields.tenantId), jobId, status }
}

/** Hands the event to every current listener; one listener failing does not keep it from the others. */
export function publishCompilationEvent(event: CompilationEvent): void {
  // A copy: a listener may unsubscribe (or subscribe another) while being called.
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      console.error('Ouvinte de compilação falhou', error)
    }
  }
}

/** Calls `listener` for each event published from now on; the returned function stops it. */
export function subscribeCompilationEvents(listener: CompilationListener): () => void {
  // Wrapped so the same function subscribed twice gets two independent subscriptions.
  const subscription: CompilationListener = (event) => listener(event)
  listeners.add(subscription)
  return () => {
    listeners.delete(subscription)
  }
}
