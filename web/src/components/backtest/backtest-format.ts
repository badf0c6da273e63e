import { format, isValid, parseISO } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'
import type { components } from '@/lib/api/schema'
import type { StatusTone } from '@/components/data/list'

/*
 * How a Strategy Tester run reads in pt-BR, wherever one shows: the owner's panels (robot versions, factory project),
 * the client's robot card. The API sends statuses and models as strings; one this app does not know is shown as it came.
 */

export type BacktestNumbers = components['schemas']['BacktestNumbers']
export type CurvePoint = components['schemas']['CurvePoint']
export type TesterProfile = components['schemas']['TesterProfileView']
export type TesterMinutes = components['schemas']['TesterMinutes']

const EMPTY = '—'

export const BACKTEST_STATUS_LABELS: Record<string, string> = {
  queued: 'Na fila',
  running: 'Em execução',
  completed: 'Concluído',
  failed: 'Falhou',
  cancelled: 'Cancelado',
}

const STATUS_TONES: Record<string, StatusTone> = {
  queued: 'secondary',
  running: 'warning',
  completed: 'success',
  failed: 'destructive',
  cancelled: 'secondary',
}

export function backtestStatusLabel(status: string): string {
  return BACKTEST_STATUS_LABELS[status] ?? status
}

export function backtestStatusTone(status: string): StatusTone {
  return STATUS_TONES[status] ?? 'secondary'
}

/** Waiting for an agent or being run: the screens ask again until it is over. */
export function isBacktestLive(status: string): boolean {
  return status === 'queued' || status === 'running'
}

export const TICK_MODEL_LABELS: Record<string, string> = {
  real_ticks: 'Ticks reais',
  one_minute_ohlc: 'OHLC de 1 minuto',
}

export function tickModelLabel(model: string): string {
  return TICK_MODEL_LABELS[model] ?? model
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })
const minutes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/**
 * Money of the run's account, two decimals: "US$ 1.234,56" for USD, "R$ 10,00" for BRL. A code Intl does not know
 * is written after the number ("1.234,56 XYZ"); without a currency, the number alone.
 */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  if (!finite(value)) return EMPTY
  if (!currency) return decimal.format(value)
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
  } catch {
    return `${decimal.format(value)} ${currency}`
  }
}

/** Money for a chart's scale: whole units ("US$ 10.250"). */
export function formatMoneyTick(value: number, currency?: string | null): string {
  if (!currency) return whole.format(value)
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(value)
  } catch {
    return `${whole.format(value)} ${currency}`
  }
}

/** "12,34%". */
export function formatPercent(value: number | null | undefined): string {
  return finite(value) ? `${decimal.format(value)}%` : EMPTY
}

/** A profit factor: "1,45". */
export function formatFactor(value: number | null | undefined): string {
  return finite(value) ? decimal.format(value) : EMPTY
}

/** "1.234". */
export function formatWhole(value: number | null | undefined): string {
  return finite(value) ? whole.format(value) : EMPTY
}

/** Tester minutes: "12,5". */
export function formatMinutes(value: number): string {
  return minutes.format(value)
}

/** "12,5 de 600 minutos usados neste mês (587,5 restantes)". */
export function describeTesterMinutes(tester: TesterMinutes): string {
  return `${formatMinutes(tester.usedMinutes)} de ${formatMinutes(tester.quotaMinutes)} minutos de teste usados neste mês (${formatMinutes(tester.remainingMinutes)} restantes)`
}

/** A day of the tester ("2024-01-31", the tester's own time without zone) as "31/01/2024". */
export function formatTesterDay(value: string): string {
  const date = parseISO(value)
  return isValid(date) ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : value
}

/** A curve point's time ("2024-01-02T10:00:00") as "02/01/2024 10:00". */
export function formatTesterTime(value: string): string {
  const date = parseISO(value)
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : value
}

/** "EURUSD H1 · 01/01/2024 a 31/12/2024 · depósito US$ 10.000,00 · 1:100 · OHLC de 1 minuto". */
export function describeProfile(profile: TesterProfile): string {
  return [
    `${profile.symbol} ${profile.timeframe}`,
    `${formatTesterDay(profile.from)} a ${formatTesterDay(profile.to)}`,
    `depósito ${formatMoney(profile.deposit, profile.currency)}`,
    `1:${profile.leverage}`,
    tickModelLabel(profile.model),
  ].join(' · ')
}
