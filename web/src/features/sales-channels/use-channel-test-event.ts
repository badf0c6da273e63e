import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { hotmartChannelQuery, useSendHotmartTestEvent, type ChannelEvent, type SalesChannelState } from './api/hotmart-channel'

/** While a test event is awaited the channel is asked again this often… */
export const TEST_EVENT_POLL_MS = 2000
/** …for this long; after that the screen says it has not arrived yet (it may still come). */
export const TEST_EVENT_WAIT_MS = 20_000

/**
 * Where a test event is: being sent, sent and awaited in the log, received (it is in the log), late (not in the log
 * after the wait), or not sent (the server refused it).
 */
export type TestEventPhase = 'idle' | 'sending' | 'waiting' | 'received' | 'late' | 'failed'

interface Watch {
  eventId: string
  timedOut: boolean
}

const eventIn = (channel: SalesChannelState | undefined, eventId: string): ChannelEvent | undefined =>
  channel?.events.find((event) => event.eventId === eventId)

/** Processed or failed: nothing more will change about it. */
const settled = (event: ChannelEvent | undefined) => event !== undefined && event.status !== 'received'

/**
 * A robot's Hotmart channel and its test event: `send` posts one, then the channel is polled every 2 s until the event
 * is in the log and processed (or 20 s have passed), so the screen says honestly "enviado, aguardando…" and then
 * "recebido" only once the log has it.
 */
export function useChannelTestEvent(robotId: string) {
  const [watch, setWatch] = React.useState<Watch | null>(null)
  const sending = useSendHotmartTestEvent()
  const query = useQuery({
    ...hotmartChannelQuery(robotId),
    refetchInterval: (current) =>
      watch && !watch.timedOut && !settled(eventIn(current.state.data, watch.eventId)) ? TEST_EVENT_POLL_MS : false,
  })
  const event = watch ? eventIn(query.data, watch.eventId) : undefined
  const done = settled(event)

  React.useEffect(() => {
    if (!watch || watch.timedOut || done) return
    const timer = setTimeout(() => setWatch((current) => (current?.eventId === watch.eventId ? { ...current, timedOut: true } : current)), TEST_EVENT_WAIT_MS)
    return () => clearTimeout(timer)
  }, [watch, done])

  const send = () =>
    sending.mutate(robotId, {
      onSuccess: ({ eventId }) => {
        setWatch({ eventId, timedOut: false })
        void query.refetch()
      },
    })

  const phase: TestEventPhase = sending.isPending
    ? 'sending'
    : sending.isError
      ? 'failed'
      : !watch
        ? 'idle'
        : event
          ? 'received'
          : watch.timedOut
            ? 'late'
            : 'waiting'
  return { query, phase, event, sendError: sending.error, send }
}
