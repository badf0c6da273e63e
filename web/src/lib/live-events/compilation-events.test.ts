import { afterEach, describe, expect, it, vi } from 'vitest'
import { compilationFromEvent, publishCompilationEvent, subscribeCompilationEvents, type CompilationEvent } from './compilation-events'

const jobId = '0190c0de-0000-7000-8000-0000000000d1'
const event: CompilationEvent = { tenantId: '0190c0de-0000-7000-8000-00000000000a', jobId, status: 'processing' }

const unsubscribes: (() => void)[] = []
/** Subscribes for this test only. */
function listen(listener: (event: CompilationEvent) => void) {
  const unsubscribe = subscribeCompilationEvents(listener)
  unsubscribes.push(unsubscribe)
  return unsubscribe
}

afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe())
  vi.restoreAllMocks()
})

describe('compilation events', () => {
  it('reaches every subscriber until it unsubscribes', () => {
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = listen(first)
    listen(second)
    publishCompilationEvent(event)
    expect(first).toHaveBeenCalledWith(event)
    expect(second).toHaveBeenCalledWith(event)

    stopFirst()
    publishCompilationEvent({ ...event, status: 'completed' })
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
    expect(second).toHaveBeenLastCalledWith({ ...event, status: 'completed' })
  })

  it('keeps delivering to the others when a listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const after = vi.fn()
    listen(() => {
      throw new Error('falhou')
    })
    listen(after)
    publishCompilationEvent(event)
    expect(after).toHaveBeenCalledWith(event)
    expect(error).toHaveBeenCalled()
  })

  it('gives the same function subscribed twice two subscriptions, each stopped on its own', () => {
    const listener = vi.fn()
    const stopOne = listen(listener)
    listen(listener)
    publishCompilationEvent(event)
    expect(listener).toHaveBeenCalledTimes(2)
    stopOne()
    publishCompilationEvent(event)
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('reads `compilation` stream events and nothing else', () => {
    expect(compilationFromEvent({ event: 'compilation', data: JSON.stringify(event) })).toEqual(event)
    expect(compilationFromEvent({ event: 'compilation', data: JSON.stringify({ jobId, status: 'failed' }) })).toEqual({ tenantId: null, jobId, status: 'failed' })
    expect(compilationFromEvent({ event: 'notification', data: JSON.stringify(event) })).toBeNull()
    expect(compilationFromEvent({ event: 'message', data: JSON.stringify(event) })).toBeNull()
  })

  it('ignores unreadable or incomplete data, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(compilationFromEvent({ event: 'compilation', data: '{nope' })).toBeNull()
    expect(compilationFromEvent({ event: 'compilation', data: JSON.stringify({ status: 'failed' }) })).toBeNull()
    expect(compilationFromEvent({ event: 'compilation', data: JSON.stringify({ jobId, status: 3 }) })).toBeNull()
    expect(compilationFromEvent({ event: 'compilation', data: '[]' })).toBeNull()
    expect(warn).toHaveBeenCalledTimes(4)
  })
})
