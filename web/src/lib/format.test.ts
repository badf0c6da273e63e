import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstName, formatBRL, formatDate, formatDateTime, formatFileSize, formatRelative, initials } from './format'

const NBSP = '\u00a0'

describe('formatBRL', () => {
  it('formats strings and numbers as pt-BR reais with a non-breaking space after R$', () => {
    expect(formatBRL('1234.5')).toBe(`R$${NBSP}1.234,50`)
    expect(formatBRL(1234.56)).toBe(`R$${NBSP}1.234,56`)
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`)
    expect(formatBRL('1000000')).toBe(`R$${NBSP}1.000.000,00`)
  })

  it('rounds to cents and keeps the sign', () => {
    expect(formatBRL('19.999')).toBe(`R$${NBSP}20,00`)
    expect(formatBRL(-5)).toBe(`-R$${NBSP}5,00`)
  })

  it('shows a dash for missing or non-numeric values', () => {
    expect(formatBRL('')).toBe('—')
    expect(formatBRL(null)).toBe('—')
    expect(formatBRL('abc')).toBe('—')
  })
})

describe('dates', () => {
  it('formats as dd/MM/yyyy', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024')
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023')
  })

  it('keeps a date-only value on its calendar day', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024')
  })

  it('formats date and time as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime(new Date(2024, 6, 9, 8, 5))).toBe('09/07/2024 08:05')
    expect(formatDateTime('2024-07-09T18:30:00')).toBe('09/07/2024 18:30')
  })

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('not a date')).toBe('—')
    expect(formatDateTime(undefined)).toBe('—')
  })
})

describe('formatRelative', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date(2024, 4, 10, 12, 0, 0))
  })
  afterEach(() => vi.useRealTimers())

  it('speaks pt-BR with a suffix', () => {
    expect(formatRelative(new Date(2024, 4, 10, 11, 55))).toBe('há 5 minutos')
    expect(formatRelative(new Date(2024, 4, 12, 12, 0))).toBe('em 2 dias')
  })

  it("says 'agora' when the instant is missing or invalid", () => {
    expect(formatRelative(undefined)).toBe('agora')
    expect(formatRelative(null)).toBe('agora')
    expect(formatRelative('garbage')).toBe('agora')
  })
})

describe('initials and firstName', () => {
  it('takes the first letters of the first two words, uppercased', () => {
    expect(initials('maria da silva')).toBe('MD')
    expect(initials('Maria Souza Lima')).toBe('MS')
    expect(initials('  João   Pedro  Souza ')).toBe('JP')
    expect(initials('ana')).toBe('A')
    expect(initials('élis regina')).toBe('ÉR')
    expect(initials('')).toBe('')
    expect(initials(undefined)).toBe('')
  })

  it('takes the first word for greetings', () => {
    expect(firstName('Maria da Silva')).toBe('Maria')
    expect(firstName(undefined)).toBe('')
  })
})

describe('formatFileSize', () => {
  it('uses B below a kilobyte, then KB and MB with one pt-BR decimal', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(1536)).toBe('1,5 KB')
    expect(formatFileSize(1024 * 1024)).toBe('1 MB')
    expect(formatFileSize(2.345 * 1024 * 1024)).toBe('2,3 MB')
  })

  it('shows a dash for a missing or impossible size', () => {
    expect(formatFileSize(null)).toBe('—')
    expect(formatFileSize(-1)).toBe('—')
  })
})
