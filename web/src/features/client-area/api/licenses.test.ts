import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '@/test/render'
import { downloadLicense, PERSONAL_BUILD_STUCK, preparationPercent, retryDelaySeconds, type PersonalBuildProgress } from './licenses'

const license = { id: '0190c0de-0000-7000-8000-0000000000d1', robotName: 'Robô Alpha' }
const NOW = Date.parse('2025-03-10T12:00:00Z')

function preparing(overrides: Partial<PersonalBuildProgress> = {}): Response {
  const body: PersonalBuildProgress = {
    status: 'compiling',
    message: 'Preparando sua cópia pessoal…',
    queuedAt: new Date(NOW - 30_000).toISOString(),
    fallbackAt: new Date(NOW + 90_000).toISOString(),
    retryAfterSeconds: 5,
    ...overrides,
  }
  return Response.json(body, { status: 202, headers: { 'Retry-After': String(body.retryAfterSeconds) } })
}

const file = () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Disposition': 'attachment; filename="alpha-marked.ex5"' } })

describe('downloadLicense and the personal copy (202)', () => {
  const saved: string[] = []
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW })
    saved.length = 0
    URL.createObjectURL = vi.fn(() => 'blob:rf-robot')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    URL.createObjectURL = objectUrls.create
    URL.revokeObjectURL = objectUrls.revoke
    vi.restoreAllMocks()
  })

  it('asks again only after retryAfterSeconds, reports each wait, and saves the file when it comes', async () => {
    const answers = [preparing(), preparing({ status: 'compiling', retryAfterSeconds: 2 }), file()]
    const fetch = mockFetch(() => answers.shift()!)
    const reports: PersonalBuildProgress[] = []
    const done = downloadLicense(license, { onPreparing: (progress) => reports.push(progress) })

    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(reports.map((r) => r.message)).toEqual(['Preparando sua cópia pessoal…'])
    await vi.advanceTimersByTimeAsync(4_900)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await expect(done).resolves.toBe('alpha-marked.ex5')
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(reports).toHaveLength(2)
    expect(saved).toEqual(['alpha-marked.ex5'])
  })

  it('stops asking once aborted (the card closed), saving nothing', async () => {
    const fetch = mockFetch(() => preparing({ retryAfterSeconds: 3 }))
    const controller = new AbortController()
    const done = downloadLicense(license, { signal: controller.signal })
    const outcome = done.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    controller.abort()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await outcome).toMatchObject({ name: 'AbortError' })
    expect(saved).toEqual([])
  })

  it('gives up, in pt-BR, when the copy is still "preparing" long after the server said it would stop waiting', async () => {
    const fetch = mockFetch(() => preparing({ retryAfterSeconds: 30 }))
    const outcome = downloadLicense(license).catch((error: unknown) => error)
    // The server's whole wait is 2 minutes; the client allows 2 more.
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 30_000)
    expect(fetch.mock.calls.length).toBeGreaterThan(5)
    await vi.advanceTimersByTimeAsync(60_000)
    const error = await outcome
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(PERSONAL_BUILD_STUCK)
    const asked = fetch.mock.calls.length
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(fetch).toHaveBeenCalledTimes(asked)
  })

  it("waits the body's seconds, else Retry-After's, never under 1 s nor over 30 s", () => {
    expect(retryDelaySeconds({ retryAfterSeconds: 5 }, '9')).toBe(5)
    expect(retryDelaySeconds({ retryAfterSeconds: Number.NaN }, '9')).toBe(9)
    expect(retryDelaySeconds({ retryAfterSeconds: 0 }, null)).toBe(1)
    expect(retryDelaySeconds({ retryAfterSeconds: 600 }, null)).toBe(30)
    expect(retryDelaySeconds({ retryAfterSeconds: Number.NaN }, 'amanhã')).toBe(1)
  })

  it('measures the wait from queuedAt to fallbackAt', () => {
    const progress = { queuedAt: '2025-03-10T12:00:00Z', fallbackAt: '2025-03-10T12:02:00Z' }
    expect(preparationPercent(progress, Date.parse('2025-03-10T12:00:00Z'))).toBe(0)
    expect(preparationPercent(progress, Date.parse('2025-03-10T12:01:30Z'))).toBe(75)
    expect(preparationPercent(progress, Date.parse('2025-03-10T12:05:00Z'))).toBe(100)
    expect(preparationPercent(progress, Date.parse('2025-03-10T11:59:00Z'))).toBe(0)
    expect(preparationPercent({ queuedAt: 'x', fallbackAt: 'y' }, NOW)).toBe(0)
  })
})
