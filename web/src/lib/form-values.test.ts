import { describe, expect, it } from 'vitest'
import { moneyOrNull, orNull, toDateInput, toDateTimeInput, toMoneyInput } from './form-values'

describe('admin commerce form values', () => {
  it('shows stored instants in São Paulo time, as the server reads the inputs back', () => {
    // 02:30 UTC is still the previous evening in São Paulo (UTC−3).
    expect(toDateInput('2025-03-10T02:30:00Z')).toBe('2025-03-09')
    expect(toDateTimeInput('2025-03-10T02:30:00Z')).toBe('2025-03-09T23:30')
    expect(toDateTimeInput('2025-03-10T15:05:00Z')).toBe('2025-03-10T12:05')
    expect(toDateInput(null)).toBe('')
    expect(toDateTimeInput('não é data')).toBe('')
  })

  it('sends empty texts as null and decimals with a dot', () => {
    expect(orNull('  ')).toBeNull()
    expect(orNull(' ABC ')).toBe('ABC')
    expect(moneyOrNull('')).toBeNull()
    expect(moneyOrNull('197,5')).toBe('197.5')
    expect(toMoneyInput('197')).toBe('197.00')
    expect(toMoneyInput(null)).toBe('')
  })
})
