import { useCallback, useEffect, useEffectEvent, useReducer } from 'react'
import { toast } from '@/components/ui/use-toast'
import { compilationFromEvent, publishCompilationEvent } from '@/lib/live-events/compilation-events'
import { factoryFromEvent, publishFactoryEvent } from '@/lib/live-events/factory-events'
import { notificationFromEvent, type LiveNotification } from './notification'
import { notificationLabel } from './notification-labels'
import { reconnectDelay } from './reconnect-delay'
import { readSseStream, SseHttpError, type SseEvent } from '@/lib/live-events/sse-reader'

export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream'
/** The list keeps the newest ones only. */
export const MAX_NOTIFICATIONS = 50
/** Answers that reconnecting will not change: nobody signed in, or not allowed. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([401, 403])

/** Online from the stream's opening until it fails or ends; Offline before and in between. */
export type StreamStatus = 'online' | 'offline'

/** A listed notification with a key of its own (ids may repeat or be missing). */
export interface ListedNotification extends LiveNotification {
  key: string
}

export interface NotificationState {
  status: StreamStatus
  /** Newest first, at most MAX_NOTIFICATIONS. */
  notifications: ListedNotification[]
}

export type NotificationAction =
  | { type: 'open' }
  | { type: 'closed' }
  | { type: 'received'; notification: ListedNotification }
  | { type: 'clear' }

export const initialNotificationState: NotificationState = { status: 'offline', notifications: [] }

export function notificationReducer(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case 'open':
      return state.status === 'online' ? state : { ...state, status: 'online' }
    case 'closed':
      return state.status === 'offline' ? state : { ...state, status: 'offline' }
    case 'received':
      return { ...state, notifications: [action.notification, ...state.notifications].slice(0, MAX_NOTIFICATIONS) }
    case 'clear':
      return { ...state, notifications: [] }
  }
}

export interface NotificationStreamOptions {
  /** Extra request headers, read on every (re)connection: the tenant owner's X-Tenant-Secret. */
  headers?: () => HeadersInit | undefined
  /** Called once per notification received (not for the `connected` handshake). */
  onNotification?: (notification: LiveNotification) => void
  /** False keeps the stream closed. */
  enabled?: boolean
  /** Defaults to NOTIFICATION_STREAM_PATH on this page's origin. */
  url?: string
}

let keys = 0

function streamUrl(): string {
  return new URL(NOTIFICATION_STREAM_PATH, typeof window === 'undefined' ? 'http://localhost' : window.location.origin).toString()
}

/**
 * The live notification stream: connection status, the received notifications (each also shown as a
 * toast) and `clear`. Its `compilation` and `factory` events go to `publishCompilationEvent` and `publishFactoryEvent` instead.
 * Reconnects by itself with backoff; stops for good on 401/403 and on unmount.
 */
export function useNotificationStream({ headers, onNotification, enabled = true, url }: NotificationStreamOptions = {}) {
  const [state, dispatch] = useReducer(notificationReducer, initialNotificationState)

  const requestHeaders = useEffectEvent(() => headers?.())
  const handleEvent = useEffectEvent((event: SseEvent) => {
    // Compile-job progress rides on the same stream: handed to the screens following a job, never listed.
    const compilation = compilationFromEvent(event)
    if (compilation) {
      publishCompilationEvent(compilation)
      return
    }
    // So does the AI robot factory's: version status changes and the text the model is writing.
    const factory = factoryFromEvent(event)
    if (factory) {
      publishFactoryEvent(factory)
      return
    }
    const notification = notificationFromEvent(event)
    if (!notification) return
    dispatch({ type: 'received', notification: { ...notification, key: `n${++keys}` } })
    toast({ title: notification.title || notificationLabel(notification.type), description: notification.message || undefined })
    try {
      onNotification?.(notification)
    } catch (error) {
      // Someone else's reaction must not drop the stream.
      console.error('onNotification falhou', error)
    }
  })

  const target = url ?? streamUrl()
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0

    const connect = async () => {
      try {
        await readSseStream({
          url: target,
          headers: requestHeaders(),
          signal: controller.signal,
          onOpen: () => {
            failures = 0
            dispatch({ type: 'open' })
          },
          onEvent: handleEvent,
        })
      } catch (error) {
        if (controller.signal.aborted) return
        if (error instanceof SseHttpError && FINAL_STATUSES.has(error.status)) {
          dispatch({ type: 'closed' })
          return
        }
      }
      if (controller.signal.aborted) return
      // Failed or ended by the server: Offline until the next attempt opens.
      dispatch({ type: 'closed' })
      retry = setTimeout(() => void connect(), reconnectDelay(failures++))
    }

    void connect()
    return () => {
      controller.abort()
      clearTimeout(retry)
      dispatch({ type: 'closed' })
    }
  }, [enabled, target])

  const clear = useCallback(() => dispatch({ type: 'clear' }), [])
  return { status: state.status, notifications: state.notifications, clear }
}
