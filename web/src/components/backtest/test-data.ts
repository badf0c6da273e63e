import type { components } from '@/lib/api/schema'

/*
 * A Strategy Tester run as the API sends it, for the tests of the screens that show one (imported by tests only).
 */

export const profile = {
  symbol: 'EURUSD',
  timeframe: 'H1',
  from: '2024-01-01',
  to: '2024-12-31',
  deposit: 10_000,
  currency: 'USD',
  leverage: 100,
  model: 'one_minute_ohlc',
}

export const numbers = {
  initialDeposit: 10_000,
  netProfit: 1_234.5,
  profitFactor: 1.456,
  maxDrawdown: 812.3,
  maxDrawdownPercent: 7.25,
  totalTrades: 1_520,
  winRatePercent: 55.5,
}

/** The balance after each closed trade: up, down to its lowest, then up to 11,234.50. */
export const equityCurve = [
  { time: '2024-01-02T10:00:00', balance: 10_000 },
  { time: '2024-03-15T16:00:00', balance: 10_400 },
  { time: '2024-06-10T09:00:00', balance: 9_650.75 },
  { time: '2024-12-30T21:00:00', balance: 11_234.5 },
]

export const publicBacktest: components['schemas']['PublicBacktest'] = {
  profile,
  numbers,
  equityCurve,
  recommended: true,
  completedAt: '2025-03-10T15:30:00Z',
}
