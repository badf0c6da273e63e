import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { subscribeCompilationEvents, type CompilationEvent } from '@/lib/live-events/compilation-events'
import { subscribeFactoryEvents, type FactoryEvent } from '@/lib/live-events/factory-events'
import { useNotificationStream } from './use-notification-stream'
import { fakeStreamServer, HANDSHAKE, notificationEvent } from './test-support'

/** Lets stream reads and state updates run, moving the fake clock by `ms`. */
async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function renderStream(options: Parameters<typeof useNotificationStream>[0] = {}) {
  const server = fakeStreamServer()
  const view = renderHook(() => useNotificationStream(options))
  await advance()
  return { server, ...view }
}

describe('useNotificationStream', () => {
  it('is Offline until the stream opens, then Online', async () => {
    const server = fakeStreamServer()
    let answer!: () => void
    const held = new Promise<void>((resolve) => (answer = resolve))
    const respond = server.fetch.getMockImplementation()!
    server.fetch.mockImplementationOnce(async (input, init) => {
      await held
      return respond(input, init)
    })
    const { result } = renderHook(() => useNotificationStream())
    await advance()
    expect(result.current.status).toBe('offline')
    answer()
    await advance()
    expect(result.current.status).toBe('online')
  })

  it('goes Offline on a stream error, with no message, and reconnects after a backoff of 0.5 to 1 s', async () => {
    const { server, result } = await renderStream()
    expect(result.current.status).toBe('online')
    server.latest().send(HANDSHAKE + notificationEvent({ title: 'Antes da queda' }))
    await advance()
    expect(result.current.notifications).toHaveLength(1)

    server.latest().fail()
    await advance()
    expect(result.current.status).toBe('offline')
    expect(server.fetch).toHaveBeenCalledTimes(1)
    await advance(499)
    expect(server.fetch).toHaveBeenCalledTimes(1)
    await advance(501)
    expect(server.fetch).toHaveBeenCalledTimes(2)
    expect(result.current.status).toBe('online')
    // The list outlives the reconnection: only clear() empties it.
    expect(result.current.notifications.map((n) => n.title)).toEqual(['Antes da queda'])
  })

  it('doubles the wait after each failure in a row and starts over once a stream opens', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5) // waits of 3/4 of the ceiling: 750, 1500, 3000, 6000 ms
    const { server } = await renderStream()
    ;[503, 503, 503].forEach(server.refuse)
    server.latest().fail()
    const expectCallsAfter = async (wait: number, calls: number) => {
      await advance(wait - 1)
      expect(server.fetch).toHaveBeenCalledTimes(calls - 1)
      await advance(1)
      expect(server.fetch).toHaveBeenCalledTimes(calls)
    }
    await expectCallsAfter(750, 2) // refused
    await expectCallsAfter(1500, 3) // refused
    await expectCallsAfter(3000, 4) // refused
    await expectCallsAfter(6000, 5) // opens

    server.latest().end() // the server closes an open stream: back to the shortest wait
    await advance()
    await expectCallsAfter(750, 6)
  })

  it('stays Offline and never retries after a 401', async () => {
    const server = fakeStreamServer()
    server.refuse(401)
    const { result } = renderHook(() => useNotificationStream())
    await advance()
    expect(result.current.status).toBe('offline')
    await advance(5 * 60_000)
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('gives up after an open stream is refused on reconnection with 401 (signed out elsewhere)', async () => {
    const { server, result } = await renderStream()
    server.refuse(401)
    server.latest().fail()
    await advance(1000)
    expect(server.fetch).toHaveBeenCalledTimes(2)
    expect(result.current.status).toBe('offline')
    await advance(5 * 60_000)
    expect(server.fetch).toHaveBeenCalledTimes(2)
  })

  it('does not reconnect after unmount', async () => {
    const { server, unmount } = await renderStream()
    server.latest().fail()
    await advance()
    unmount()
    await advance(60_000)
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('stays connected when onNotification throws, and keeps it for the next', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onNotification = vi.fn(() => {
      throw new Error('falhou')
    })
    const { server, result } = await renderStream({ onNotification })
    server.latest().send(notificationEvent() + notificationEvent())
    await advance()
    expect(onNotification).toHaveBeenCalledTimes(2)
    expect(error).toHaveBeenCalled()
    expect(result.current.notifications).toHaveLength(2)
    expect(result.current.status).toBe('online')
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('publishes `compilation` events to their subscribers, without listing or toasting them', async () => {
    const heard: CompilationEvent[] = []
    const unsubscribe = subscribeCompilationEvents((event) => heard.push(event))
    const onNotification = vi.fn()
    try {
      const { server, result } = await renderStream({ onNotification })
      const update = { tenantId: '0190c0de-0000-7000-8000-000000000003', jobId: '0190c0de-0000-7000-8000-0000000000d1', status: 'processing' }
      server.latest().send(HANDSHAKE + `event: compilation\ndata: ${JSON.stringify(update)}\n\n` + notificationEvent({ title: 'Depois' }))
      await advance()
      expect(heard).toEqual([update])
      expect(result.current.notifications.map((n) => n.title)).toEqual(['Depois'])
      expect(onNotification).toHaveBeenCalledTimes(1)
    } finally {
      unsubscribe()
    }
  })

  it('publishes `factory` events to their subscribers, without listing or toasting them', async () => {
    const heard: FactoryEvent[] = []
    const unsubscribe = subscribeFactoryEvents((event) => heard.push(event))
    const onNotification = vi.fn()
    try {
      const { server, result } = await renderStream({ onNotification })
      const delta = { tenantId: '0190c0de-0000-7000-8000-000000000003', projectId: '0190c0de-0000-7000-8000-0000000000e1', versionId: null, kind: 'delta', text: '#property' }
      server.latest().send(HANDSHAKE + `event: factory\ndata: ${JSON.stringify(delta)}\n\n` + notificationEvent({ title: 'Depois' }))
      await advance()
      expect(heard).toEqual([{ ...delta, status: null }])
      expect(result.current.notifications.map((n) => n.title)).toEqual(['Depois'])
      expect(onNotification).toHaveBeenCalledTimes(1)
    } finally {
      unsubscribe()
    }
  })

  it('opens nothing while disabled', async () => {
    const { server, result } = await renderStream({ enabled: false })
    await advance(60_000)
    expect(server.fetch).not.toHaveBeenCalled()
    expect(result.current.status).toBe('offline')
  })

  it('clear() empties the list', async () => {
    const { server, result } = await renderStream()
    server.latest().send(notificationEvent() + notificationEvent())
    await advance()
    expect(result.current.notifications).toHaveLength(2)
    act(() => result.current.clear())
    expect(result.current.notifications).toEqual([])
  })
})
