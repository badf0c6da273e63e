import { formatBRL } from '@/lib/format'
import { formatCompactBRL, plural } from '@/components/dashboard/chart-format'
import { ChartShell, CHART_HEIGHT, LegendSwatch, niceCeiling, scaled, SLOT, type ChartColumn } from '@/components/dashboard/chart-shell'
import { ChartSkeleton, DashboardPanel, PanelEmpty } from '@/components/dashboard/dashboard-panel'
import type { MonthRevenue } from '../api/dashboard'
import { monthLabel, monthName } from '../dashboard-format'

export const REVENUE_CHART_TITLE = 'Receita dos últimos 12 meses'

const BAR_WIDTH = 6

function revenueOf(month: MonthRevenue): number {
  const value = Number(month.revenue)
  return Number.isFinite(value) ? value : 0
}

function describeMonth(month: MonthRevenue): string {
  return `${monthLabel(month.month)}: ${formatBRL(month.revenue)} · ${plural(month.sales, 'venda', 'vendas')}`
}

/** One sentence for screen readers: the period, the total and the best month. */
export function summariseRevenue(months: MonthRevenue[]): string {
  const first = months[0]
  const last = months[months.length - 1]
  if (!first || !last) return `${REVENUE_CHART_TITLE}: sem dados.`
  const period = `de ${monthName(first.month)} a ${monthName(last.month)}`
  const total = months.reduce((sum, month) => sum + revenueOf(month), 0)
  const sales = months.reduce((sum, month) => sum + month.sales, 0)
  if (total <= 0) return `${REVENUE_CHART_TITLE}, ${period}: nenhuma receita no período.`
  const best = months.reduce((top, month) => (revenueOf(month) > revenueOf(top) ? month : top), first)
  return `${REVENUE_CHART_TITLE}, ${period}: total de ${formatBRL(total)} em ${plural(sales, 'venda', 'vendas')}; maior receita em ${monthName(best.month)}, ${formatBRL(best.revenue)}.`
}

const columns: ChartColumn<MonthRevenue>[] = [
  { header: 'Mês', cell: (month) => monthName(month.month) },
  { header: 'Receita', cell: (month) => formatBRL(month.revenue) },
  { header: 'Vendas', cell: (month) => String(month.sales) },
]

export function RevenueChart({ months }: { months: MonthRevenue[] }) {
  const max = niceCeiling(Math.max(0, ...months.map(revenueOf)))
  return (
    <ChartShell
      summary={summariseRevenue(months)}
      caption={REVENUE_CHART_TITLE}
      items={months}
      ticks={[formatCompactBRL(max), formatCompactBRL(max / 2), formatCompactBRL(0)]}
      xLabel={(month) => monthLabel(month.month)}
      // Twelve "mmm/aa" labels do not fit side by side in a half-width panel: every other month (every fourth on phones).
      labelEvery={2}
      describe={describeMonth}
      columns={columns}
      legend={<LegendSwatch className="bg-primary" label="Receita bruta confirmada (R$)" />}
    >
      {months.map((month, index) => {
        const height = scaled(revenueOf(month), max)
        return (
          <rect
            key={month.month}
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

export function RevenueChartPanel({ months }: { months: MonthRevenue[] | undefined }) {
  return (
    <DashboardPanel title={REVENUE_CHART_TITLE} description="Vendas confirmadas de todos os tenants, por mês">
      {!months ? <ChartSkeleton /> : months.length === 0 ? <PanelEmpty>Sem dados para exibir</PanelEmpty> : <RevenueChart months={months} />}
    </DashboardPanel>
  )
}
