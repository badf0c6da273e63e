import { createLiveChannel, eventFields, textField } from './live-channel'
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

const KINDS: ReadonlySet<string> = new Set<FactoryEventKind>(['status', 'delta'])

const channel = createLiveChannel<FactoryEvent>('da fábrica')

/**
 * The news a stream event carries, or null for events of other names and for unreadable data (logged). A kind this
 * app does not know (a newer server) is dropped quietly: there is nothing this version could do with it.
 */
export function factoryFromEvent(event: SseEvent): FactoryEvent | null {
  const fields = eventFields(event, 'factory', 'da fábrica')
  if (!fields) return null
  const projectId = textField(fields.projectId)
  const kind = textField(fields.kind)
  // A delta without its text has nothing to show.
  if (!projectId || !kind || (kind === 'delta' && textField(fields.text) === null)) {
    console.warn('Evento da fábrica incompleto ignorado', event.data)
    return null
  }
  if (!KINDS.has(kind)) return null
  return {
    tenantId: textField(fields.tenantId),
    projectId,
    versionId: textField(fields.versionId),
    kind: kind as FactoryEventKind,
    status: textField(fields.status),
    text: textField(fields.text),
  }
}

/** Hands the event to every current listener; one listener failing does not keep it from the others. */
export const publishFactoryEvent: (event: FactoryEvent) => void = channel.publish

/** Calls `listener` for each event published from now on; the returned function stops it. */
export const subscribeFactoryEvents: (listener: FactoryListener) => () => void = channel.subscribe
