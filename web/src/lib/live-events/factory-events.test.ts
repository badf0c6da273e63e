import { afterEach, describe, expect, it, vi } from 'vitest'
import { factoryFromEvent, publishFactoryEvent, subscribeFactoryEvents, type FactoryEvent } from './factory-events'

const projectId = '0190c0de-0000-7000-8000-0000000000e1'
const versionId = '0190c0de-0000-7000-8000-0000000000e2'
const tenantId = '0190c0de-0000-7000-8000-00000000000a'
const statusEvent: FactoryEvent = { tenantId, projectId, versionId, kind: 'status', status: 'compiling', text: null }
const deltaEvent: FactoryEvent = { tenantId, projectId, versionId, kind: 'delta', status: null, text: 'input double Lote' }

const unsubscribes: (() => void)[] = []
/** Subscribes for this test only. */
function listen(listener: (event: FactoryEvent) => void) {
  const unsubscribe = subscribeFactoryEvents(listener)
  unsubscribes.push(unsubscribe)
  return unsubscribe
}

afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe())
  vi.restoreAllMocks()
})

describe('factory events', () => {
  it('reaches every subscriber until it unsubscribes', () => {
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = listen(first)
    listen(second)
    publishFactoryEvent(statusEvent)
    expect(first).toHaveBeenCalledWith(statusEvent)
    expect(second).toHaveBeenCalledWith(statusEvent)

    stopFirst()
    publishFactoryEvent(deltaEvent)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
    expect(second).toHaveBeenLastCalledWith(deltaEvent)
  })

  it('keeps delivering to the others when a listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const after = vi.fn()
    listen(() => {
      throw new Error('falhou')
    })
    listen(after)
    publishFactoryEvent(statusEvent)
    expect(after).toHaveBeenCalledWith(statusEvent)
    expect(error).toHaveBeenCalled()
  })

  it('gives the same function subscribed twice two subscriptions, each stopped on its own', () => {
    const listener = vi.fn()
    const stopOne = listen(listener)
    listen(listener)
    publishFactoryEvent(statusEvent)
    expect(listener).toHaveBeenCalledTimes(2)
    stopOne()
    publishFactoryEvent(statusEvent)
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('reads `factory` stream events, status and delta, and nothing else', () => {
    const wire = (body: object) => ({ event: 'factory', data: JSON.stringify(body) })
    expect(factoryFromEvent(wire({ tenantId, projectId, versionId, kind: 'status', status: 'compiling' }))).toEqual(statusEvent)
    expect(factoryFromEvent(wire({ tenantId, projectId, versionId, kind: 'delta', text: 'input double Lote' }))).toEqual(deltaEvent)
    expect(factoryFromEvent(wire({ projectId, kind: 'status' }))).toEqual({ tenantId: null, projectId, versionId: null, kind: 'status', status: null, text: null })
    expect(factoryFromEvent({ event: 'compilation', data: JSON.stringify(statusEvent) })).toBeNull()
    expect(factoryFromEvent({ event: 'message', data: JSON.stringify(statusEvent) })).toBeNull()
  })

  it('drops a kind it does not know without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(factoryFromEvent({ event: 'factory', data: JSON.stringify({ projectId, kind: 'usage' }) })).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it('ignores unreadable or incomplete data, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(factoryFromEvent({ event: 'factory', data: '{nope' })).toBeNull()
    expect(factoryFromEvent({ event: 'factory', data: JSON.stringify({ kind: 'status' }) })).toBeNull()
    expect(factoryFromEvent({ event: 'factory', data: JSON.stringify({ projectId, kind: 3 }) })).toBeNull()
    expect(factoryFromEvent({ event: 'factory', data: JSON.stringify({ projectId, kind: 'delta' }) })).toBeNull()
    expect(factoryFromEvent({ event: 'factory', data: '[]' })).toBeNull()
    expect(warn).toHaveBeenCalledTimes(5)
  })
})
