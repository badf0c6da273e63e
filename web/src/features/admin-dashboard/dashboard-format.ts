import { format } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'
import { parseDay } from '@/components/dashboard/chart-format'

const percentFormatter = new Intl.NumberFormat('pt-BR', { signDisplay: 'exceptZero', maximumFractionDigits: 1 })
const wholeBrlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 })

/** Tenants below this confirmed revenue per month, 90 days after joining, show up as performance alerts. */
export const PERFORMANCE_ALERT_THRESHOLD_BRL = 3000

/** "R$ 3.000": whole reais, for thresholds and axis marks. */
export function formatWholeBRL(value: number): string {
  return wholeBrlFormatter.format(value)
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
