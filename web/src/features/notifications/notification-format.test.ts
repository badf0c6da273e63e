import { afterEach, describe, expect, it, vi } from 'vitest'
import { notificationFromEvent } from './notification'
import { notificationLabel, notificationVariant } from './notification-labels'
import { reconnectDelay } from './reconnect-delay'
import { relativeTime } from './relative-time'

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z')

  it('says how long ago in Portuguese with a suffix', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('há 5 minutos')
    expect(relativeTime('2026-03-08T12:00:00Z', now)).toBe('há 2 dias')
  })

  it("says 'agora' for a missing or invalid timestamp", () => {
    for (const value of [null, undefined, '', 'ontem', '2026-13-45T99:00:00Z']) expect(relativeTime(value, now)).toBe('agora')
  })

  it('reads a time slightly ahead of the local clock as just now, not as the future', () => {
    expect(relativeTime('2026-03-10T12:00:20Z', now)).toBe('há menos de um minuto')
  })
})

describe('notification labels', () => {
  it('names the known types and shows any other type as sent', () => {
    expect(['NEW_SALE', 'REFUND', 'SUBSCRIPTION_CANCELLED', 'CHARGEBACK', 'constructor'].map(notificationLabel)).toEqual([
      'Venda',
      'Reembolso',
      'Cancelamento',
      'CHARGEBACK',
      'constructor',
    ])
    expect(notificationVariant('NEW_SALE')).toBe('success')
    expect(notificationVariant('toString')).toBe('secondary')
    // A client's request to cancel a subscription only Hotmart can stop.
    expect(notificationLabel('SUBSCRIPTION_CANCEL_REQUESTED')).toBe('Pedido de cancelamento')
    expect(notificationVariant('SUBSCRIPTION_CANCEL_REQUESTED')).toBe('warning')
  })
})

describe('reconnectDelay', () => {
  it('doubles from 1 s to a 30 s ceiling, keeping a random half of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect([0, 1, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 15000])
  })
})

describe('notificationFromEvent', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the notification of a notification event', () => {
    const data = JSON.stringify({ id: 'a1', tenantId: 't1', type: 'REFUND', title: 'Reembolso', message: 'R$ 10', timestamp: '2026-03-10T12:00:00Z' })
    expect(notificationFromEvent({ event: 'notification', data })).toEqual({
      id: 'a1',
      tenantId: 't1',
      type: 'REFUND',
      title: 'Reembolso',
      message: 'R$ 10',
      timestamp: '2026-03-10T12:00:00Z',
    })
  })

  it('skips the connected handshake and events of other names, quietly', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(notificationFromEvent({ event: 'connected', data: '{"type":"connected"}' })).toBeNull()
    expect(notificationFromEvent({ event: 'message', data: '{"type":"connected"}' })).toBeNull()
    expect(notificationFromEvent({ event: 'ping', data: '{"type":"NEW_SALE"}' })).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it('logs and skips data that is no notification', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const data of ['{not json', '42', 'null', '[]', '{"title":"sem tipo"}']) {
      expect(notificationFromEvent({ event: 'notification', data }), data).toBeNull()
    }
    expect(warn).toHaveBeenCalledTimes(5)
  })
})
