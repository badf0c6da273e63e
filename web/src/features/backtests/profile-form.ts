import { z } from 'zod'
import type { TesterProfile } from '@/components/backtest/backtest-format'
import type { StartBacktest } from './api/backtests'

/*
 * The tester profile form ("Executar backtest" and a factory project's settings): every value typed as text, checked
 * here with the server's own pt-BR messages, sent as the API's ProfileInput and ThresholdsInput. The server checks
 * again and answers per field; those messages land under the same fields.
 */

/** The tester's chart periods, as MetaTrader 5 spells them (the server's list). */
export const TIMEFRAMES = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M10', 'M12', 'M15', 'M20', 'M30', 'H1', 'H2', 'H3', 'H4', 'H6', 'H8', 'H12', 'D1', 'W1', 'MN1'] as const

export const TICK_MODELS = [
  { value: 'one_minute_ohlc', label: 'OHLC de 1 minuto' },
  { value: 'real_ticks', label: 'Ticks reais' },
] as const

export const MAX_DEPOSIT = 100_000_000
export const MAX_LEVERAGE = 3_000

/** The platform's thresholds: at most 30 % drawdown, a profit factor of at least 1.2. */
export const DEFAULT_THRESHOLDS = { maxDrawdownPercent: 30, minProfitFactor: 1.2 }

const DATE = /^\d{4}-\d{2}-\d{2}$/
const SYMBOL = /^[A-Za-z0-9._#+&-]{1,32}$/

/** "1,5" and "1.5" alike; NaN for anything else. */
export function parseDecimal(value: string): number {
  const text = value.trim().replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
}

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false
  const [year, month, day] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const wholeInRange = (min: number, max: number) => (value: string) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max

export const profileFormSchema = z
  .object({
    symbol: z
      .string()
      .trim()
      .min(1, 'Informe o símbolo (ex.: EURUSD).')
      .regex(SYMBOL, 'Símbolo inválido: use letras, números e . _ # - (até 32 caracteres).'),
    timeframe: z.string().refine((value) => (TIMEFRAMES as readonly string[]).includes(value), 'Escolha o período gráfico.'),
    from: z.string().trim().refine(validDate, 'Data inicial inválida (use AAAA-MM-DD).'),
    to: z.string().trim().refine(validDate, 'Data final inválida (use AAAA-MM-DD).'),
    deposit: z
      .string()
      .trim()
      .refine(wholeInRange(1, MAX_DEPOSIT), 'O depósito inicial deve ser um número inteiro maior que zero, de no máximo 100.000.000.'),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'Moeda inválida: use o código de três letras (ex.: USD, BRL).'),
    leverage: z.string().trim().refine(wholeInRange(1, MAX_LEVERAGE), 'A alavancagem deve estar entre 1 e 3000 (1:1 a 1:3000).'),
    model: z.enum(['one_minute_ohlc', 'real_ticks'], { message: 'Modelo inválido: use ticks reais ou OHLC de 1 minuto.' }),
    maxDrawdownPercent: z.string().refine((value) => {
      const number = parseDecimal(value)
      return number > 0 && number <= 100
    }, 'O rebaixamento máximo deve estar entre 0 e 100%.'),
    minProfitFactor: z.string().refine((value) => {
      const number = parseDecimal(value)
      return number >= 0 && number <= 100
    }, 'O fator de lucro mínimo deve estar entre 0 e 100.'),
  })
  .refine((values) => !validDate(values.from) || !validDate(values.to) || values.from <= values.to, {
    path: ['from'],
    message: 'A data inicial deve ser anterior ou igual à data final.',
  })

export type ProfileFormValues = z.infer<typeof profileFormSchema>

/** "2025-03-09". */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/**
 * The platform's default profile, as the server makes it: the last twelve months (366 days back to yesterday, on
 * Brazil's calendar) of EURUSD H1 on 1-minute OHLC, 10,000 USD at 1:100.
 */
export function defaultProfile(now: Date = new Date()): TesterProfile {
  const brazil = new Date(now.getTime() - 3 * 3_600_000)
  const brazilMidnight = Date.UTC(brazil.getUTCFullYear(), brazil.getUTCMonth(), brazil.getUTCDate())
  const daysAgo = (days: number) => isoDay(new Date(brazilMidnight - days * 86_400_000))
  return { symbol: 'EURUSD', timeframe: 'H1', from: daysAgo(366), to: daysAgo(1), deposit: 10_000, currency: 'USD', leverage: 100, model: 'one_minute_ohlc' }
}

/** The form's values from a profile and thresholds (a run's, the project's, or the defaults). */
export function profileFormValues(
  profile: TesterProfile = defaultProfile(),
  thresholds: { maxDrawdownPercent: number; minProfitFactor: number } = DEFAULT_THRESHOLDS,
): ProfileFormValues {
  return {
    symbol: profile.symbol,
    timeframe: profile.timeframe,
    from: profile.from,
    to: profile.to,
    deposit: String(profile.deposit),
    currency: profile.currency,
    leverage: String(profile.leverage),
    model: profile.model === 'real_ticks' ? 'real_ticks' : 'one_minute_ohlc',
    maxDrawdownPercent: String(thresholds.maxDrawdownPercent),
    minProfitFactor: String(thresholds.minProfitFactor),
  }
}

/** The request body: the profile as ProfileInput, the thresholds as ThresholdsInput (same for both endpoints). */
export function profilePayload(values: ProfileFormValues): Required<{ [K in keyof StartBacktest]: NonNullable<StartBacktest[K]> }> {
  return {
    profile: {
      symbol: values.symbol.trim(),
      timeframe: values.timeframe,
      from: values.from.trim(),
      to: values.to.trim(),
      deposit: Number(values.deposit),
      currency: values.currency.trim().toUpperCase(),
      leverage: Number(values.leverage),
      model: values.model,
    },
    thresholds: { maxDrawdownPercent: parseDecimal(values.maxDrawdownPercent), minProfitFactor: parseDecimal(values.minProfitFactor) },
  }
}
