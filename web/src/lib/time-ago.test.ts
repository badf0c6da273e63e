import { describe, expect, it } from 'vitest'
import { timeAgo } from './time-ago'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const before = (ms: number) => new Date(NOW - ms).toISOString()

describe('timeAgo (pt-BR, short)', () => {
  it.each([
    [0, 'agora'],
    [59_999, 'agora'],
    [60_000, 'há 1 min'],
    [2 * 60_000 + 30_000, 'há 2 min'],
    [59 * 60_000, 'há 59 min'],
    [60 * 60_000, 'há 1 h'],
    [3 * 3_600_000 + 59 * 60_000, 'há 3 h'],
    [23 * 3_600_000, 'há 23 h'],
    [24 * 3_600_000, 'há 1 dia'],
    [2 * 24 * 3_600_000 + 5, 'há 2 dias'],
    [45 * 24 * 3_600_000, 'há 45 dias'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(timeAgo(before(elapsed), NOW)).toBe(text)
  })

  it('says "agora" for an instant slightly ahead of this clock (the server\'s clock runs ahead)', () => {
    expect(timeAgo(new Date(NOW + 20_000).toISOString(), NOW)).toBe('agora')
  })

  it('takes Date objects, and gives null for an unreadable instant', () => {
    expect(timeAgo(new Date(NOW - 5 * 60_000), NOW)).toBe('há 5 min')
    expect(timeAgo('ontem', NOW)).toBeNull()
  })
})
