import { describe, expect, it } from 'vitest'
import { defaultProfile, parseDecimal, profileFormSchema, profileFormValues, profilePayload } from './profile-form'

const errorsOf = (values: Record<string, string>) => {
  const result = profileFormSchema.safeParse({ ...profileFormValues(), ...values })
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('tester profile form', () => {
  it("starts from the platform's profile: the last twelve months of EURUSD H1 (Brazil's calendar), 10,000 USD at 1:100, 1-minute OHLC", () => {
    // 02:00 UTC on 10 March is still 9 March in Brazil.
    expect(defaultProfile(new Date('2025-03-10T02:00:00Z'))).toEqual({
      symbol: 'EURUSD',
      timeframe: 'H1',
      from: '2024-03-08',
      to: '2025-03-08',
      deposit: 10_000,
      currency: 'USD',
      leverage: 100,
      model: 'one_minute_ohlc',
    })
    expect(defaultProfile(new Date('2025-03-10T12:00:00Z')).to).toBe('2025-03-09')
    const values = profileFormValues()
    expect(values.maxDrawdownPercent).toBe('30')
    expect(values.minProfitFactor).toBe('1.2')
    expect(errorsOf({})).toEqual({})
  })

  it("refuses what the server would, with the server's messages", () => {
    expect(errorsOf({ symbol: ' ' })).toEqual({ symbol: 'Informe o símbolo (ex.: EURUSD).' })
    expect(errorsOf({ symbol: 'EUR USD' }).symbol).toMatch(/^Símbolo inválido/)
    expect(errorsOf({ timeframe: 'H5' }).timeframe).toBe('Escolha o período gráfico.')
    expect(errorsOf({ from: '2024-02-30' })).toEqual({ from: 'Data inicial inválida (use AAAA-MM-DD).' })
    expect(errorsOf({ from: '2025-01-02', to: '2025-01-01' })).toEqual({ from: 'A data inicial deve ser anterior ou igual à data final.' })
    expect(Object.keys(errorsOf({ deposit: '0' }))).toEqual(['deposit'])
    expect(Object.keys(errorsOf({ deposit: '100000001' }))).toEqual(['deposit'])
    expect(errorsOf({ currency: 'US' }).currency).toMatch(/^Moeda inválida/)
    expect(errorsOf({ leverage: '3001' }).leverage).toBe('A alavancagem deve estar entre 1 e 3000 (1:1 a 1:3000).')
    expect(errorsOf({ maxDrawdownPercent: '0' }).maxDrawdownPercent).toBe('O rebaixamento máximo deve estar entre 0 e 100%.')
    expect(errorsOf({ minProfitFactor: '101' }).minProfitFactor).toBe('O fator de lucro mínimo deve estar entre 0 e 100.')
    expect(errorsOf({ maxDrawdownPercent: '25,5', minProfitFactor: '0' })).toEqual({})
  })

  it('sends numbers as numbers, the symbol trimmed and the currency in capitals', () => {
    expect(parseDecimal('1,5')).toBe(1.5)
    expect(parseDecimal('abc')).toBeNaN()
    const values = { ...profileFormValues(), symbol: ' XAUUSD.m ', currency: 'brl', deposit: '5000', leverage: '500', model: 'real_ticks' as const, maxDrawdownPercent: '25,5' }
    expect(profilePayload(values)).toEqual({
      profile: { symbol: 'XAUUSD.m', timeframe: 'H1', from: values.from, to: values.to, deposit: 5000, currency: 'BRL', leverage: 500, model: 'real_ticks' },
      thresholds: { maxDrawdownPercent: 25.5, minProfitFactor: 1.2 },
    })
  })
})
