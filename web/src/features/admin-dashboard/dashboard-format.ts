import { format, isValid, parseISO } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'

const countFormatter = new Intl.NumberFormat('pt-BR')
const percentFormatter = new Intl.NumberFormat('pt-BR', { signDisplay: 'exceptZero', maximumFractionDigits: 1 })
const wholeBrlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 })
const compactBrlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact' })

/** Tenants below this confirmed revenue per month, 90 days after joining, show up as performance alerts. */
export const PERFORMANCE_ALERT_THRESHOLD_BRL = 3000

/** "1.234" */
export function formatCount(value: number): string {
  return countFormatter.format(value)
}

/** "R$ 3.000": whole reais, for thresholds and axis marks. */
export function formatWholeBRL(value: number): string {
  return wholeBrlFormatter.format(value)
}

/** "R$ 12 mil": for the revenue chart's scale, where the exact cents do not matter. */
export function formatCompactBRL(value: number): string {
  return compactBrlFormatter.format(value)
}

export type TrendDirection = 'up' | 'down' | 'flat' | 'unknown'

export interface TrendText {
  direction: TrendDirection
  text: string
}

/**
 * "+12,5% vs mês anterior". The API sends the change in percent, already rounded, or null when the
 * previous month had nothing to compare with (a percentage over zero means nothing).
 */
export function describeTrend(percent: number | null | undefined): TrendText {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) {
    return { direction: 'unknown', text: 'Sem dados do mês anterior' }
  }
  const direction: TrendDirection = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat'
  return { direction, text: `${percentFormatter.format(percent)}% vs mês anterior` }
}

function parseDay(value: string): Date | null {
  const date = parseISO(value)
  return isValid(date) ? date : null
}

/** "jan/26" for the first day of a month ("2026-01-01"). */
export function monthLabel(month: string): string {
  const date = parseDay(month)
  return date ? format(date, 'MMM/yy', { locale: ptBR }) : month
}

/** "janeiro de 2026": the long form, for screen readers and tooltips. */
export function monthName(month: string): string {
  const date = parseDay(month)
  return date ? format(date, "MMMM 'de' yyyy", { locale: ptBR }) : month
}

/** "03/05" for a day ("2026-05-03"). */
export function dayLabel(day: string): string {
  const date = parseDay(day)
  return date ? format(date, 'dd/MM', { locale: ptBR }) : day
}

/** "1 venda", "3 vendas". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}
