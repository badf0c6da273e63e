import { describe, expect, it } from 'vitest'
import { formatWait, isLongWait } from './queue-format'

describe('formatWait', () => {
  it('says the wait in the largest whole units, pt-BR', () => {
    expect(formatWait(0)).toBe('0 s')
    expect(formatWait(42)).toBe('42 s')
    expect(formatWait(60)).toBe('1 min')
    expect(formatWait(12 * 60 + 59)).toBe('12 min')
    expect(formatWait(3600)).toBe('1 h')
    expect(formatWait(3600 + 5 * 60 + 30)).toBe('1 h 5 min')
    expect(formatWait(23 * 3600 + 59 * 60)).toBe('23 h 59 min')
    expect(formatWait(24 * 3600 + 20 * 60)).toBe('1 dia')
    expect(formatWait(2 * 86400 + 3 * 3600)).toBe('2 dias 3 h')
  })

  it('shows a dash when nothing waits', () => {
    expect(formatWait(null)).toBe('—')
    expect(formatWait(undefined)).toBe('—')
    expect(formatWait(-5)).toBe('—')
  })
})

describe('isLongWait', () => {
  it('flags waits of 10 minutes or more', () => {
    expect(isLongWait(9 * 60 + 59)).toBe(false)
    expect(isLongWait(10 * 60)).toBe(true)
    expect(isLongWait(null)).toBe(false)
  })
})
