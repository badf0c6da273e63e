import type { SseEvent } from './sse-reader'

/**
 * AI robot factory news heard on the owner's live stream (`event: factory`). The stream is opened once, by the
 * layout's notification bell; the project page subscribes here instead of opening a stream of its own.
 */
export interface FactoryEvent {
  tenantId: string | null
  projectId: string
  versionId: string | null
  /**
   * `status`: the version's status changed (the project is asked for again). `delta`: a chunk of the text the model is
   * writing right now for that version.
   */
  kind: FactoryEventKind
  /** With `status`: pending, generating, reviewing, compiling, fixing, success, failed, or one the app does not know yet. */
  status: string | null
  /** With `delta`: the chunk, to append to what came before. */
  text: string | null
}

export type FactoryEventKind = 'status' | 'delta'

export type FactoryListener = (event: FactoryEvent) => void

const FACTORY_EVENT = 'factory'
const KINDS: ReadonlySet<string> = new Set<FactoryEventKind>(['status', 'delta'])

const listeners = new Set<FactoryListener>()

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/**
 * The news a stream event carries, or null for events of other names and for unreadable data (logged). A kind this
 * app does not know (a newer server) is dropped quietly: there is nothing this version could do with it.
 */
export function factoryFromEvent(event: SseEvent): FactoryEvent | null {
  if (event.event !== FACTORY_EVENT) return null
  let body: unknown
  try {
    body = JSON.parse(event.data)
  } catch (error) {
    console.warn('Evento da fábrica ilegível ignorado', event.data, error)
    return null
  }
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  const projectId = text(fields?.projectId)
  const kind = text(fields?.kind)
  // A delta without its text has nothing to show.
  if (!fields || !projectId || !kind || (kind === 'delta' && text(fields.text) === null)) {
    console.warn('Evento da fábrica incompleto ignorado', event.data)
    return null
  }
  if (!KINDS.has(kind)) return null
  return {
    tenantId: text(fields.tenantId),
    projectId,
    versionId: text(fields.versionId),
    kind: kind as FactoryEventKind,
    status: text(fields.status),
    text: text(fields.text),
  }
}

/** Hands the event to every current listener; one listener failing does not keep it from the others. */
export function publishFactoryEvent(event: FactoryEvent): void {
  // A copy: a listener may unsubscribe (or subscribe another) while being called.
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      console.error('Ouvinte da fábrica falhou', error)
    }
  }
}

/** Calls `listener` for each event published from now on; the returned function stops it. */
export function subscribeFactoryEvents(listener: FactoryListener): () => void {
  // Wrapped so the same function subscribed twice gets two independent subscriptions.
  const subscription: FactoryListener = (event) => listener(event)
  listeners.add(subscription)
  return () => {
    listeners.delete(subscription)
  }
}
