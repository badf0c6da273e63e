import type { SseEvent } from '@/lib/live-events/sse-reader'

/** One notification of the live stream. `type` is NEW_SALE, REFUND, SUBSCRIPTION_CANCELLED or one the app does not know yet. */
export interface LiveNotification {
  id: string
  tenantId: string | null
  type: string
  title: string
  message: string
  /** ISO date and time as sent; null when the server sent none. */
  timestamp: string | null
}

/** Event names that carry a notification: the server's, and the default of a nameless event. */
const NOTIFICATION_EVENTS: ReadonlySet<string> = new Set(['notification', 'message'])
const HANDSHAKE = 'connected'

let fallbackIds = 0

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/**
 * The notification an event carries, or null: for the `connected` handshake, for events of other
 * names, and for data that is no notification (that one is logged, never thrown).
 */
export function notificationFromEvent(event: SseEvent): LiveNotification | null {
  if (event.event === HANDSHAKE || !NOTIFICATION_EVENTS.has(event.event)) return null
  let body: unknown
  try {
    body = JSON.parse(event.data)
  } catch (error) {
    console.warn('Notificação ilegível ignorada', event.data, error)
    return null
  }
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  const type = text(fields?.type)?.trim()
  if (!fields || !type) {
    console.warn('Notificação sem tipo ignorada', event.data)
    return null
  }
  if (type === HANDSHAKE) return null
  return {
    id: text(fields.id) ?? `local-${++fallbackIds}`,
    tenantId: text(fields.tenantId),
    type,
    title: text(fields.title) ?? '',
    message: text(fields.message) ?? '',
    timestamp: text(fields.timestamp),
  }
}
