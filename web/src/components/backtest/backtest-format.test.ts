import { describe, expect, it } from 'vitest'
import {
  backtestStatusLabel,
  backtestStatusTone,
  describeProfile,
  describeTesterMinutes,
  formatFactor,
  formatMoney,
  formatPercent,
  formatTesterTime,
  isBacktestLive,
  tickModelLabel,
} from './backtest-format'
import { balanceScale, summariseCurve } from './equity-curve-chart'
import { equityCurve, profile } from './test-data'

// Intl writes a no-break space after the currency sign.
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('backtest formatting (pt-BR)', () => {
  it('names every status and tells the live ones', () => {
    expect(['queued', 'running', 'completed', 'failed', 'cancelled'].map(backtestStatusLabel)).toEqual(['Na fila', 'Em execução', 'Concluído', 'Falhou', 'Cancelado'])
    expect(backtestStatusLabel('paused')).toBe('paused')
    expect(backtestStatusTone('completed')).toBe('success')
    expect(backtestStatusTone('failed')).toBe('destructive')
    expect(['queued', 'running', 'completed', 'failed', 'cancelled'].filter(isBacktestLive)).toEqual(['queued', 'running'])
  })

  it('writes money with two decimals in the run currency, percentages and factors with a comma', () => {
    expect(plain(formatMoney(1234.5, 'USD'))).toBe('US$ 1.234,50')
    expect(plain(formatMoney(-12.345, 'BRL'))).toBe('-R$ 12,35')
    expect(formatMoney(1234.5, 'XX1')).toBe('1.234,50 XX1')
    expect(formatMoney(1234.5)).toBe('1.234,50')
    expect(formatMoney(null, 'USD')).toBe('—')
    expect(formatPercent(7.25)).toBe('7,25%')
    expect(formatPercent(Number.NaN)).toBe('—')
    expect(formatFactor(1.456)).toBe('1,46')
  })

  it('describes a profile and the month of minutes', () => {
    expect(plain(describeProfile(profile))).toBe('EURUSD H1 · 01/01/2024 a 31/12/2024 · depósito US$ 10.000,00 · 1:100 · OHLC de 1 minuto')
    expect(tickModelLabel('real_ticks')).toBe('Ticks reais')
    expect(describeTesterMinutes({ quotaMinutes: 600, usedMinutes: 12.5, remainingMinutes: 587.5 })).toBe(
      '12,5 de 600 minutos de teste usados neste mês (587,5 restantes)',
    )
    expect(formatTesterTime('2024-01-02T10:00:00')).toBe('02/01/2024 10:00')
  })

  it('scales a curve to its lowest and highest points with some room, and sums it up for screen readers', () => {
    const { low, high } = balanceScale(equityCurve)
    // 5 % of the 1,583.75 span on each side.
    expect(low).toBeCloseTo(9_650.75 - 79.1875)
    expect(high).toBeCloseTo(11_234.5 + 79.1875)
    // A flat curve still gets a scale around it.
    const flat = balanceScale([{ time: '2024-01-01T00:00:00', balance: 500 }])
    expect(flat.low).toBeLessThanOrEqual(500)
    expect(flat.high).toBeGreaterThan(500)
    expect(plain(summariseCurve(equityCurve, 'USD'))).toBe(
      'Curva de saldo do backtest, de 02/01/2024 10:00 a 30/12/2024 21:00: saldo de US$ 10.000,00 a US$ 11.234,50; ' +
        'menor saldo US$ 9.650,75 em 10/06/2024 09:00, maior US$ 11.234,50 em 30/12/2024 21:00.',
    )
  })
})
