import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSseStream, SseHttpError, SseParser, type SseEvent } from './sse-reader'

const STREAM =
  ': keep-alive\n' +
  'event: connected\ndata: {"type":"connected"}\n\n' +
  'event: notification\ndata: {"type":"NEW_SALE","title":"Venda — R$ 10"}\n\n' +
  ':another comment\n' +
  'data: primeira\ndata: segunda\n\n' +
  'event: notification\r\ndata: {"type":"REFUND"}\r\n\r\n' +
  'event: notification\rdata:sem espaço\r\r'

const EXPECTED: SseEvent[] = [
  { event: 'connected', data: '{"type":"connected"}' },
  { event: 'notification', data: '{"type":"NEW_SALE","title":"Venda — R$ 10"}' },
  { event: 'message', data: 'primeira\nsegunda' },
  { event: 'notification', data: '{"type":"REFUND"}' },
  { event: 'notification', data: 'sem espaço' },
]

function parseInChunks(chunks: string[]): SseEvent[] {
  const parser = new SseParser()
  return chunks.flatMap((chunk) => parser.push(chunk))
}

describe('SseParser', () => {
  it('reads named events, nameless ones as "message", multi-line data, comments and LF, CRLF and CR line ends', () => {
    expect(parseInChunks([STREAM])).toEqual(EXPECTED)
  })

  it('gives the same events wherever the text is cut in two or three', () => {
    for (let i = 0; i <= STREAM.length; i++) {
      expect(parseInChunks([STREAM.slice(0, i), STREAM.slice(i)]), `cut at ${i}`).toEqual(EXPECTED)
      const j = Math.min(STREAM.length, i + 7)
      expect(parseInChunks([STREAM.slice(0, i), STREAM.slice(i, j), STREAM.slice(j)]), `cut at ${i} and ${j}`).toEqual(EXPECTED)
    }
  })

  it('gives the same events fed one character at a time', () => {
    expect(parseInChunks([...STREAM])).toEqual(EXPECTED)
  })

  it('treats a CR at the end of a chunk and a LF opening the next as one line end', () => {
    const parser = new SseParser()
    expect(parser.push('data: a\r')).toEqual([])
    expect(parser.push('\n\r')).toEqual([{ event: 'message', data: 'a' }])
    expect(parser.push('\ndata: b\n\n')).toEqual([{ event: 'message', data: 'b' }])
  })

  it('dispatches nothing for comments alone, an event without data, or an unfinished event', () => {
    expect(parseInChunks([': ping\n\n', 'event: connected\n\n', 'data: half'])).toEqual([])
  })

  it('drops a leading byte order mark, keeps the last id and keeps a colon inside the value', () => {
    expect(parseInChunks(['\uFEFFid: 7\ndata: a: b\n\n', 'data:  two spaces\n\n'])).toEqual([
      { event: 'message', data: 'a: b', id: '7' },
      { event: 'message', data: ' two spaces', id: '7' },
    ])
  })
})

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk))
      controller.close()
    },
  })
}

describe('readSseStream', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sends the cookie, Accept and the extra headers, opens, then decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('event: notification\ndata: {"title":"Reação"}\n\n')
    const cut = bytes.indexOf(0xc3) + 1 // between the two bytes of "ç"
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      new Response(streamOf([bytes.slice(0, cut), bytes.slice(cut)]), { headers: { 'Content-Type': 'text/event-stream' } }),
    )
    vi.stubGlobal('fetch', fetch)
    const order: string[] = []
    const controller = new AbortController()
    await readSseStream({
      url: 'http://localhost/api/notifications/stream',
      headers: { 'X-Tenant-Secret': 'segredo' },
      signal: controller.signal,
      onOpen: () => order.push('open'),
      onEvent: (event) => order.push(event.data),
    })
    expect(order).toEqual(['open', '{"title":"Reação"}'])
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://localhost/api/notifications/stream')
    expect(init.credentials).toBe('include')
    expect(init.signal).toBe(controller.signal)
    const headers = new Headers(init.headers)
    expect(headers.get('Accept')).toBe('text/event-stream')
    expect(headers.get('X-Tenant-Secret')).toBe('segredo')
  })

  it('rejects with the status on a refusal, without opening', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Não autenticado' }, { status: 401 }))
    const onOpen = vi.fn()
    const failure = readSseStream({ url: 'http://localhost/s', signal: new AbortController().signal, onOpen, onEvent: vi.fn() })
    await expect(failure).rejects.toBeInstanceOf(SseHttpError)
    await expect(failure).rejects.toMatchObject({ status: 401 })
    expect(onOpen).not.toHaveBeenCalled()
  })

  it('rejects an answer that is no event stream (an HTML page)', async () => {
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }))
    const onOpen = vi.fn()
    await expect(readSseStream({ url: 'http://localhost/s', signal: new AbortController().signal, onOpen, onEvent: vi.fn() })).rejects.toThrow(
      /Not an event stream/,
    )
    expect(onOpen).not.toHaveBeenCalled()
  })
})
