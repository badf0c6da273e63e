import type { RevenuePeriod } from '@/components/dashboard/revenue-chart'
import type { MonthRevenue } from './api/dashboard'
import { monthLabel, monthName } from './dashboard-format'

/** The admin dashboard's revenue chart: the last 12 months of every tenant. */
export const monthlyRevenue: RevenuePeriod<MonthRevenue> = {
  title: 'Receita dos últimos 12 meses',
  description: 'Vendas confirmadas de todos os tenants, por mês',
  periodHeader: 'Mês',
  periodOf: (month) => month.month,
  shortLabel: monthLabel,
  longLabel: monthName,
  // Twelve "mmm/aa" labels do not fit side by side in a half-width panel: every other month (every fourth on phones).
  labelEvery: 2,
  barWidth: 6,
}
