import { dayLabel } from '@/components/dashboard/chart-format'
import type { RevenuePeriod } from '@/components/dashboard/revenue-chart'
import type { DayRevenue } from './api/stats'

/** The tenant owner's revenue chart: the admin dashboard's chart, drawn per day over the last 30 days. */
export const dailyRevenue: RevenuePeriod<DayRevenue> = {
  title: 'Receita dos últimos 30 dias',
  description: 'Vendas confirmadas por dia',
  periodHeader: 'Dia',
  periodOf: (day) => day.day,
  shortLabel: dayLabel,
  longLabel: dayLabel,
  labelEvery: 5,
  barWidth: 7,
}
