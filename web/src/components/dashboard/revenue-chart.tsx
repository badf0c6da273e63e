import { formatBRL } from '@/lib/format'
import { Chart, type ChartSeries } from '@/components/chart/chart'
import { niceCeiling, type ChartColumn } from '@/components/chart/chart-shell'
import { formatCompactBRL, plural } from './chart-format'
import { ChartSkeleton, DashboardPanel, PanelEmpty } from './dashboard-panel'

/** One period (a month, a day) of confirmed revenue, as the dashboards receive it. */
export interface RevenuePoint {
  /** A decimal in BRL ("1234.50"). */
  revenue: string
  sales: number
}

/** What sets one revenue chart apart from another: its period and how the period reads. */
export interface RevenuePeriod<T extends RevenuePoint> {
  title: string
  /** The panel's line under the title. */
  description: string
  /** The hidden table's first column ("Mês", "Dia"). */
  periodHeader: string
  /** The period of a point ("2026-05" or "2026-05-03"). */
  periodOf: (point: T) => string
  /** Under a bar and in the tooltip ("mai/26", "03/05"). */
  shortLabel: (period: string) => string
  /** In the summary sentence and the table ("maio de 2026", "03/05"). */
  longLabel: (period: string) => string
  /** Label every n-th bar, so the labels fit side by side. */
  labelEvery: number
  /** A bar's width in SVG units (a slot is 10). */
  barWidth: number
}

function revenueOf(point: RevenuePoint): number {
  const value = Number(point.revenue)
  return Number.isFinite(value) ? value : 0
}

/** One sentence for screen readers: the period, the total and the best month or day. */
export function summariseRevenue<T extends RevenuePoint>(period: RevenuePeriod<T>, points: T[]): string {
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return `${period.title}: sem dados.`
  const range = `de ${period.longLabel(period.periodOf(first))} a ${period.longLabel(period.periodOf(last))}`
  const total = points.reduce((sum, point) => sum + revenueOf(point), 0)
  const sales = points.reduce((sum, point) => sum + point.sales, 0)
  if (total <= 0) return `${period.title}, ${range}: nenhuma receita no período.`
  const best = points.reduce((top, point) => (revenueOf(point) > revenueOf(top) ? point : top), first)
  return `${period.title}, ${range}: total de ${formatBRL(total)} em ${plural(sales, 'venda', 'vendas')}; maior receita em ${period.longLabel(period.periodOf(best))}, ${formatBRL(best.revenue)}.`
}

/** Confirmed revenue, one bar a period: the admin's months and the tenant owner's days. */
export function RevenueChart<T extends RevenuePoint>({ period, points }: { period: RevenuePeriod<T>; points: T[] }) {
  const max = niceCeiling(Math.max(0, ...points.map(revenueOf)))
  const series: ChartSeries<T>[] = [
    {
      name: 'revenue',
      kind: 'bar',
      value: revenueOf,
      className: 'fill-primary',
      barWidth: period.barWidth,
      radius: 0.8,
      legend: { label: 'Receita bruta confirmada (R$)', swatchClassName: 'bg-primary' },
    },
  ]
  const columns: ChartColumn<T>[] = [
    { header: period.periodHeader, cell: (point) => period.longLabel(period.periodOf(point)) },
    { header: 'Receita', cell: (point) => formatBRL(point.revenue) },
    { header: 'Vendas', cell: (point) => String(point.sales) },
  ]
  return (
    <Chart
      summary={summariseRevenue(period, points)}
      caption={period.title}
      items={points}
      itemKey={period.periodOf}
      series={series}
      scale={{ low: 0, high: max }}
      ticks={[formatCompactBRL(max), formatCompactBRL(max / 2), formatCompactBRL(0)]}
      xLabel={(point) => period.shortLabel(period.periodOf(point))}
      labelEvery={period.labelEvery}
      describe={(point) => `${period.shortLabel(period.periodOf(point))}: ${formatBRL(point.revenue)} · ${plural(point.sales, 'venda', 'vendas')}`}
      columns={columns}
    />
  )
}

/** The chart in its panel: a skeleton while `points` is undefined, a line when there is nothing to draw. */
export function RevenueChartPanel<T extends RevenuePoint>({ period, points }: { period: RevenuePeriod<T>; points: T[] | undefined }) {
  return (
    <DashboardPanel title={period.title} description={period.description}>
      {!points ? <ChartSkeleton /> : points.length === 0 ? <PanelEmpty>Sem dados para exibir</PanelEmpty> : <RevenueChart period={period} points={points} />}
    </DashboardPanel>
  )
}
