import type { components } from '@/lib/api/schema'
import { dayLabel, formatCount, plural } from './chart-format'
import { Chart, type ChartSeries } from '@/components/chart/chart'
import { niceCountCeiling, type ChartColumn } from '@/components/chart/chart-shell'
import { ChartSkeleton, DashboardPanel, PanelEmpty } from './dashboard-panel'

export const LICENSE_CHECKS_CHART_TITLE = 'Verificações de licença por dia'

/** One day of license checks, as both the admin's and the tenant owner's dashboards receive it. */
export type DayChecks = components['schemas']['DayChecksItem']

function describeDay(day: DayChecks): string {
  return `${dayLabel(day.day)}: ${plural(day.checks, 'verificação', 'verificações')} · ${plural(day.installations, 'instalação ativa', 'instalações ativas')}`
}

/** One sentence for screen readers: total and average checks, the busiest day and the latest installations. */
export function summariseLicenseChecks(days: DayChecks[]): string {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return `${LICENSE_CHECKS_CHART_TITLE}: sem dados.`
  const period = `últimos ${days.length} dias, de ${dayLabel(first.day)} a ${dayLabel(last.day)}`
  const total = days.reduce((sum, day) => sum + day.checks, 0)
  if (total === 0) return `${LICENSE_CHECKS_CHART_TITLE}, ${period}: nenhuma verificação no período.`
  const busiest = days.reduce((top, day) => (day.checks > top.checks ? day : top), first)
  const average = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(total / days.length)
  return (
    `${LICENSE_CHECKS_CHART_TITLE}, ${period}: ${plural(total, 'verificação', 'verificações')}, média de ${average} por dia; ` +
    `pico em ${dayLabel(busiest.day)} com ${formatCount(busiest.checks)}. Instalações ativas em ${dayLabel(last.day)}: ${formatCount(last.installations)}.`
  )
}

const columns: ChartColumn<DayChecks>[] = [
  { header: 'Dia', cell: (day) => dayLabel(day.day) },
  { header: 'Verificações', cell: (day) => formatCount(day.checks) },
  { header: 'Instalações ativas', cell: (day) => formatCount(day.installations) },
]

const series: ChartSeries<DayChecks>[] = [
  {
    name: 'checks',
    kind: 'bar',
    value: (day) => day.checks,
    className: 'fill-primary/70',
    legend: { label: 'Verificações', swatchClassName: 'bg-primary/70' },
  },
  {
    name: 'installations',
    kind: 'line',
    value: (day) => day.installations,
    className: 'stroke-emerald-600 dark:stroke-emerald-400',
    legend: { label: 'Instalações ativas', swatchClassName: 'bg-emerald-600' },
  },
]

export function LicenseChecksChart({ days }: { days: DayChecks[] }) {
  const max = niceCountCeiling(Math.max(0, ...days.map((day) => Math.max(day.checks, day.installations))))
  return (
    <Chart
      summary={summariseLicenseChecks(days)}
      caption={LICENSE_CHECKS_CHART_TITLE}
      items={days}
      itemKey={(day) => day.day}
      series={series}
      scale={{ low: 0, high: max }}
      ticks={[formatCount(max), formatCount(max / 2), '0']}
      xLabel={(day) => dayLabel(day.day)}
      labelEvery={5}
      describe={describeDay}
      columns={columns}
    />
  )
}

/** The chart in its panel: a skeleton while `days` is undefined, a line when there is nothing to draw. */
export function LicenseChecksChartPanel({ days }: { days: DayChecks[] | undefined }) {
  return (
    <DashboardPanel title={LICENSE_CHECKS_CHART_TITLE} description="Últimos 30 dias: verificações feitas pelos robôs e instalações ativas">
      {!days ? <ChartSkeleton /> : days.length === 0 ? <PanelEmpty>Sem dados para exibir</PanelEmpty> : <LicenseChecksChart days={days} />}
    </DashboardPanel>
  )
}
