import type { components } from '@/lib/api/schema'
import { dayLabel, formatCount, plural } from './chart-format'
import { ChartShell, CHART_HEIGHT, LegendSwatch, niceCountCeiling, scaled, SLOT, type ChartColumn } from './chart-shell'
import { ChartSkeleton, DashboardPanel, PanelEmpty } from './dashboard-panel'

export const LICENSE_CHECKS_CHART_TITLE = 'Verificações de licença por dia'

const BAR_WIDTH = 7

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

export function LicenseChecksChart({ days }: { days: DayChecks[] }) {
  const max = niceCountCeiling(Math.max(0, ...days.map((day) => Math.max(day.checks, day.installations))))
  const line = days.map((day, index) => `${index * SLOT + SLOT / 2},${CHART_HEIGHT - (day.installations / max) * CHART_HEIGHT}`).join(' ')
  return (
    <ChartShell
      summary={summariseLicenseChecks(days)}
      caption={LICENSE_CHECKS_CHART_TITLE}
      items={days}
      ticks={[formatCount(max), formatCount(max / 2), '0']}
      xLabel={(day) => dayLabel(day.day)}
      labelEvery={5}
      describe={describeDay}
      columns={columns}
      legend={
        <>
          <LegendSwatch className="bg-primary/70" label="Verificações" />
          <LegendSwatch className="bg-emerald-600" label="Instalações ativas" shape="line" />
        </>
      }
    >
      {days.map((day, index) => {
        const height = scaled(day.checks, max)
        return (
          <rect
            key={day.day}
            data-slot="chart-bar"
            data-series="checks"
            x={index * SLOT + (SLOT - BAR_WIDTH) / 2}
            y={CHART_HEIGHT - height}
            width={BAR_WIDTH}
            height={height}
            className="fill-primary/70"
          />
        )
      })}
      <polyline
        data-series="installations"
        points={line}
        fill="none"
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
        className="stroke-emerald-600 dark:stroke-emerald-400"
      />
    </ChartShell>
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
