import { format, isValid, parseISO } from 'date-fns'
import { ptBR } from 'date-fns/locale/pt-BR'
import { Chart, type ChartSeries } from '@/components/chart/chart'
import type { ChartColumn } from '@/components/chart/chart-shell'
import { formatMoney, formatMoneyTick, formatTesterTime, type CurvePoint } from './backtest-format'

export const EQUITY_CURVE_TITLE = 'Curva de saldo do backtest'

/**
 * The scale of a balance curve: its lowest and highest points with 5 % of room on each side, so the line uses the
 * drawing's height (a balance rarely starts near zero). A flat curve gets 1 % of its value on each side.
 */
export function balanceScale(points: readonly CurvePoint[]): { low: number; high: number } {
  const balances = points.map((point) => point.balance).filter(Number.isFinite)
  if (balances.length === 0) return { low: 0, high: 1 }
  const min = Math.min(...balances)
  const max = Math.max(...balances)
  const room = max > min ? (max - min) * 0.05 : Math.abs(max) * 0.01 || 1
  return { low: min - room, high: max + room }
}

function dayLabel(time: string): string {
  const date = parseISO(time)
  return isValid(date) ? format(date, 'dd/MM/yy', { locale: ptBR }) : time
}

/** One sentence for screen readers: where the balance started and ended, its lowest and highest points. */
export function summariseCurve(points: readonly CurvePoint[], currency?: string | null): string {
  const first = points[0]
  const last = points[points.length - 1]
  if (!first || !last) return `${EQUITY_CURVE_TITLE}: sem dados.`
  const lowest = points.reduce((low, point) => (point.balance < low.balance ? point : low), first)
  const highest = points.reduce((high, point) => (point.balance > high.balance ? point : high), first)
  const money = (value: number) => formatMoney(value, currency)
  return (
    `${EQUITY_CURVE_TITLE}, de ${formatTesterTime(first.time)} a ${formatTesterTime(last.time)}: saldo de ${money(first.balance)} a ${money(last.balance)}; ` +
    `menor saldo ${money(lowest.balance)} em ${formatTesterTime(lowest.time)}, maior ${money(highest.balance)} em ${formatTesterTime(highest.time)}.`
  )
}

const balanceSeries: ChartSeries<CurvePoint>[] = [
  {
    name: 'balance',
    kind: 'line',
    value: (point) => point.balance,
    className: 'stroke-primary',
    legend: { label: 'Saldo após cada operação fechada', swatchClassName: 'bg-primary' },
  },
]

/**
 * A run's balance after each closed trade, as a line on the dashboards' chart (scale, tooltip and arrow keys, a
 * hidden table of every point). `small` for a card.
 */
export function EquityCurveChart({ points, currency, size = 'default' }: { points: CurvePoint[]; currency?: string | null; size?: 'default' | 'small' }) {
  const { low, high } = balanceScale(points)
  const money = (value: number) => formatMoney(value, currency)
  const columns: ChartColumn<CurvePoint>[] = [
    { header: 'Data', cell: (point) => formatTesterTime(point.time) },
    { header: 'Saldo', cell: (point) => money(point.balance) },
  ]
  return (
    <div data-testid="equity-curve">
      <Chart
        summary={summariseCurve(points, currency)}
        caption={EQUITY_CURVE_TITLE}
        items={points}
        itemKey={(point) => point.time}
        series={balanceSeries}
        scale={{ low, high }}
        ticks={[formatMoneyTick(high, currency), formatMoneyTick((low + high) / 2, currency), formatMoneyTick(low, currency)]}
        xLabel={(point) => dayLabel(point.time)}
        labelEvery={Math.max(1, Math.ceil(points.length / (size === 'small' ? 2 : 4)))}
        describe={(point) => `${formatTesterTime(point.time)}: saldo ${money(point.balance)}`}
        columns={columns}
        size={size}
      />
    </div>
  )
}
