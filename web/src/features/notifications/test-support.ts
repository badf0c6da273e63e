import { vi } from 'vitest'

/** One request the fake server answered with a stream the test writes to. */
export interface FakeConnection {
  url: string
  headers: Headers
  credentials: RequestCredentials | undefined
  signal: AbortSignal | undefined
  /** Sends raw event-stream text. */
  send: (text: string) => void
  /** Fails the stream as a dropped connection does. */
  fail: () => void
  /** Ends the stream as the server closing it does. */
  end: () => void
}

const encoder = new TextEncoder()

/**
 * Replaces fetch with a server of event streams the test controls. Each call opens a connection
 * (see `connections`), unless `refuse(status)` queued a refusal for the next call.
 */
export function fakeStreamServer() {
  const connections: FakeConnection[] = []
  const refusals: number[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const refusal = refusals.shift()
    if (refusal !== undefined) return Response.json({ message: 'Não autenticado' }, { status: refusal })
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
    const quietly = (action: () => void) => {
      try {
        action()
      } catch {
        // Already closed or failed.
      }
    }
    connections.push({
      url: String(input),
      headers: new Headers(init.headers),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
      send: (text) => controller.enqueue(encoder.encode(text)),
      fail: () => quietly(() => controller.error(new TypeError('network error'))),
      end: () => quietly(() => controller.close()),
    })
    init.signal?.addEventListener('abort', () => quietly(() => controller.error(new DOMException('Aborted', 'AbortError'))))
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    fetch,
    connections,
    /** The connection opened last. */
    latest: () => connections.at(-1)!,
    refuse: (status: number) => void refusals.push(status),
  }
}

export const HANDSHAKE = 'event: connected\ndata: {"type":"connected"}\n\n'

let ids = 0

/** A `notification` event as the server writes it. */
export function notificationEvent(fields: { type?: string; title?: string; message?: string; timestamp?: string | null } = {}): string {
  const body = {
    id: `0190c0de-0000-7000-8000-${String(++ids).padStart(12, '0')}`,
    tenantId: '0190c0de-0000-7000-8000-000000000003',
    type: 'NEW_SALE',
    title: 'Nova venda',
    message: 'Robô Alfa vendido por R$ 497,00',
    timestamp: new Date().toISOString(),
    ...fields,
  }
  return `event: notification\ndata: ${JSON.stringify(body)}\n\n`
}

/** Radix positions the dropdown with ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
}
