/**
 * Server-sent events over fetch: unlike EventSource, a fetch can carry extra headers
 * (the tenant owner's X-Tenant-Secret) and be stopped with an AbortSignal.
 */

/** One dispatched event: its name (`message` when the server gave none) and its data lines joined by '\n'. */
export interface SseEvent {
  event: string
  data: string
  id?: string
}

/**
 * Incremental parser of the `text/event-stream` format: feed it decoded text in chunks cut anywhere
 * (inside a field, between CR and LF) and it returns the events completed by each chunk.
 * Lines end in LF, CR or CRLF; `:` lines are comments; a blank line dispatches the event.
 */
export class SseParser {
  private buffer = ''
  /** The previous chunk ended in CR: a LF opening the next one belongs to that line end. */
  private skipLeadingLf = false
  private started = false
  private eventName = ''
  private dataLines: string[] = []
  private lastId: string | undefined

  push(chunk: string): SseEvent[] {
    let text = chunk
    if (!this.started && text.length > 0) {
      this.started = true
      if (text.startsWith('\uFEFF')) text = text.slice(1)
    }
    if (this.skipLeadingLf && text.length > 0) {
      if (text.startsWith('\n')) text = text.slice(1)
      this.skipLeadingLf = false
    }
    const buffer = this.buffer + text
    const events: SseEvent[] = []
    let lineStart = 0
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer[i]
      if (char !== '\r' && char !== '\n') continue
      const line = buffer.slice(lineStart, i)
      if (char === '\r') {
        if (i + 1 === buffer.length) this.skipLeadingLf = true
        else if (buffer[i + 1] === '\n') i++
      }
      lineStart = i + 1
      const event = this.line(line)
      if (event) events.push(event)
    }
    this.buffer = buffer.slice(lineStart)
    return events
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) return null
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.eventName = value
    else if (field === 'data') this.dataLines.push(value)
    else if (field === 'id' && !value.includes('\0')) this.lastId = value
    // `retry` and unknown fields are ignored: reconnection is the caller's policy.
    return null
  }

  private dispatch(): SseEvent | null {
    const event = this.eventName || 'message'
    const dataLines = this.dataLines
    this.eventName = ''
    this.dataLines = []
    if (dataLines.length === 0) return null
    return { event, data: dataLines.join('\n'), ...(this.lastId !== undefined && { id: this.lastId }) }
  }
}

/** The stream answered with a non-2xx status (401 when nobody is signed in). */
export class SseHttpError extends Error {
  readonly status: number

  constructor(status: number) {
    super(`Event stream answered ${status}`)
    this.name = 'SseHttpError'
    this.status = status
  }
}

export interface SseStreamOptions {
  url: string
  /** Sent with the request on top of `Accept: text/event-stream`. */
  headers?: HeadersInit
  signal: AbortSignal
  /** The server accepted the stream: from here on events may arrive. */
  onOpen: () => void
  onEvent: (event: SseEvent) => void
}

/**
 * Opens the stream with the session cookie and reads it to its end. Resolves when the server closes it;
 * rejects with SseHttpError on a refusal, with a TypeError when the answer is no event stream, or with
 * the abort error when `signal` stops it.
 */
export async function readSseStream({ url, headers, signal, onOpen, onEvent }: SseStreamOptions): Promise<void> {
  const requestHeaders = new Headers(headers)
  requestHeaders.set('Accept', 'text/event-stream')
  const response = await fetch(url, { headers: requestHeaders, credentials: 'include', cache: 'no-store', signal })
  if (!response.ok) throw new SseHttpError(response.status)
  const contentType = response.headers.get('Content-Type') ?? ''
  if (!response.body || !contentType.includes('text/event-stream')) throw new TypeError(`Not an event stream: ${contentType || 'no body'}`)

  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const parser = new SseParser()
  let finished = false
  onOpen()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) {
        finished = true
        return
      }
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event)
    }
  } finally {
    // Left early (a handler threw, the read failed): let go of the connection.
    if (!finished) reader.cancel().catch(() => undefined)
  }
}
