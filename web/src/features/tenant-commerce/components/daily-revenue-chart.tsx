import { dayLabel, formatCompactBRL, plural } from '@/components/dashboard/chart-format'
import { ChartShell, CHART_HEIGHT, LegendSwatch, niceCeiling, scaled, SLOT, type ChartColumn } from '@/components/dashboard/chart-shell'
import { ChartSkeleton, DashboardPanel, PanelEmpty } from '@/components/dashboard/dashboard-panel'
import { formatBRL } from '@/lib/format'
import type { DayRevenue } from '../api/stats'

export const DAILY_REVENUE_CHART_TITLE = 'Receita dos últimos 30 dias'

const BAR_WIDTH = 7

function revenueOf(day: DayRevenue): number {
  const value = Number(day.revenue)
  return Number.isFinite(value) ? value : 0
}

function describeDay(day: DayRevenue): string {
  return `${dayLabel(day.day)}: ${formatBRL(day.revenue)} · ${plural(day.sales, 'venda', 'vendas')}`
}

/** One sentence for screen readers: the period, the total and the best day. */
export function summariseDailyRevenue(days: DayRevenue[]): string {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return `${DAILY_REVENUE_CHART_TITLE}: sem dados.`
  const period = `de ${dayLabel(first.day)} a ${dayLabel(last.day)}`
  const total = days.reduce((sum, day) => sum + revenueOf(day), 0)
  const sales = days.reduce((sum, day) => sum + day.sales, 0)
  if (total <= 0) return `${DAILY_REVENUE_CHART_TITLE}, ${period}: nenhuma receita no período.`
  const best = days.reduce((top, day) => (revenueOf(day) > revenueOf(top) ? day : top), first)
  return `${DAILY_REVENUE_CHART_TITLE}, ${period}: total de ${formatBRL(total)} em ${plural(sales, 'venda', 'vendas')}; maior receita em ${dayLabel(best.day)}, ${formatBRL(best.revenue)}.`
}

const columns: ChartColumn<DayRevenue>[] = [
  { header: 'Dia', cell: (day) => dayLabel(day.day) },
  { header: 'Receita', cell: (day) => formatBRL(day.revenue) },
  { header: 'Vendas', cell: (day) => String(day.sales) },
]

/** Confirmed revenue per day, one bar a day (the admin dashboard's chart, drawn per day instead of per month). */
export function DailyRevenueChart({ days }: { days: DayRevenue[] }) {
  const max = niceCeiling(Math.max(0, ...days.map(revenueOf)))
  return (
    <ChartShell
      summary={summariseDailyRevenue(days)}
      caption={DAILY_REVENUE_CHART_TITLE}
      items={days}
      ticks={[formatCompactBRL(max), formatCompactBRL(max / 2), formatCompactBRL(0)]}
      xLabel={(day) => dayLabel(day.day)}
      labelEvery={5}
      describe={describeDay}
      columns={columns}
      legend={<LegendSwatch className="bg-primary" label="Receita bruta confirmada (R$)" />}
    >
      {days.map((day, index) => {
        const height = scaled(revenueOf(day), max)
        return (
          <rect
            key={day.day}
            data-slot="chart-bar"
            data-series="revenue"
            x={index * SLOT + (SLOT - BAR_WIDTH) / 2}
            y={CHART_HEIGHT - height}
            width={BAR_WIDTH}
            height={height}
            rx={0.8}
            className="fill-primary"
          />
        )
      })}
    </ChartShell>
  )
}

/** The chart in its panel: a skeleton while `days` is undefined, a line when there is nothing to draw. */
export function DailyRevenueChartPanel({ days }: { days: DayRevenue[] | undefined }) {
  return (
    <DashboardPanel title={DAILY_REVENUE_CHART_TITLE} description="Vendas confirmadas por dia">
      {!days ? <ChartSkeleton /> : days.length === 0 ? <PanelEmpty>Sem dados para exibir</PanelEmpty> : <DailyRevenueChart days={days} />}
    </DashboardPanel>
  )
}
