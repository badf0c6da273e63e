import type { SseEvent } from './sse-reader'

/**
 * One in-page channel for one kind of event heard on the owner's live stream (compile progress, factory news): the
 * stream is opened once, by the layout's notification bell, and screens subscribe here instead of opening their own.
 */
export interface LiveChannel<E> {
  /** Hands the event to every current listener; one listener failing does not keep it from the others. */
  publish: (event: E) => void
  /** Calls `listener` for each event published from now on; the returned function stops it. */
  subscribe: (listener: (event: E) => void) => () => void
}

/** A channel; `label` names it in the console when a listener throws. */
export function createLiveChannel<E>(label: string): LiveChannel<E> {
  const listeners = new Set<(event: E) => void>()
  return {
    publish(event) {
      // A copy: a listener may unsubscribe (or subscribe another) while being called.
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          console.error(`Ouvinte ${label} falhou`, error)
        }
      }
    },
    subscribe(listener) {
      // Wrapped so the same function subscribed twice gets two independent subscriptions.
      const subscription = (event: E) => listener(event)
      listeners.add(subscription)
      return () => {
        listeners.delete(subscription)
      }
    },
  }
}

/**
 * The JSON object a stream event named `name` carries; null for events of other names, and for data that is not a
 * JSON object (logged as `Evento ${label} ilegível ignorado`).
 */
export function eventFields(event: SseEvent, name: string, label: string): Record<string, unknown> | null {
  if (event.event !== name) return null
  let body: unknown
  try {
    body = JSON.parse(event.data)
  } catch (error) {
    console.warn(`Evento ${label} ilegível ignorado`, event.data, error)
    return null
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/** A field's text, or null when it is missing or not a string. */
export function textField(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}
