import { ChartShell, CHART_HEIGHT, LegendSwatch, scaled, SLOT, type ChartColumn } from './chart-shell'

/** One series of a chart: a bar per item, or one line through every item. */
export interface ChartSeries<T> {
  /** The marks' `data-series` (tests and the legend tell the series apart by it). */
  name: string
  kind: 'bar' | 'line'
  value: (item: T) => number
  /** Classes of the marks: `fill-…` for bars, `stroke-…` for a line. */
  className: string
  /** A bar's width in SVG units, of a slot of SLOT; default 7. */
  barWidth?: number
  /** A bar's corner radius in SVG units. */
  radius?: number
  /** Its entry in the legend (the swatch takes `bg-…` classes); a series without one is not listed. */
  legend?: { label: string; swatchClassName: string }
}

export interface ChartProps<T> {
  /** Names the chart for assistive technology: a sentence summarising what it shows. */
  summary: string
  /** Caption of the visually hidden table that lists every value. */
  caption: string
  items: T[]
  /** A stable key per item (its day, month, time). */
  itemKey: (item: T) => string
  series: ChartSeries<T>[]
  /** The values at the baseline and at the top of the drawing; bars grow from `low` (0 for every bar chart). */
  scale: { low: number; high: number }
  /** Scale labels from the top of the drawing to its baseline. */
  ticks: string[]
  xLabel: (item: T) => string
  /** Label every n-th item (counted back from the newest); phones label half as many. */
  labelEvery?: number
  /** One line per item, for the tooltip and the SVG title. */
  describe: (item: T) => string
  columns: ChartColumn<T>[]
  /** `small`: half the height and no legend, for a chart inside a card. */
  size?: 'default' | 'small'
}

const DEFAULT_BAR_WIDTH = 7

/**
 * Every bar and line chart of the app (dashboards' revenue and license checks, a backtest's balance): the series are
 * configuration, the frame (scale, labels, tooltip, arrow keys, the hidden table) is ChartShell's.
 */
export function Chart<T>({ items, itemKey, series, scale, size = 'default', ...shell }: ChartProps<T>) {
  const span = scale.high - scale.low || 1
  const y = (value: number) => CHART_HEIGHT - ((value - scale.low) / span) * CHART_HEIGHT
  const listed = series.filter((entry) => entry.legend)
  const legend =
    size === 'default' && listed.length > 0 ? (
      <>
        {listed.map((entry) => (
          <LegendSwatch key={entry.name} className={entry.legend!.swatchClassName} label={entry.legend!.label} shape={entry.kind} />
        ))}
      </>
    ) : undefined
  return (
    <ChartShell {...shell} items={items} size={size} legend={legend}>
      {series.map((entry) =>
        entry.kind === 'bar' ? (
          items.map((item, index) => {
            const width = entry.barWidth ?? DEFAULT_BAR_WIDTH
            const height = scaled(entry.value(item) - scale.low, span)
            return (
              <rect
                key={`${entry.name}-${itemKey(item)}`}
                data-slot="chart-bar"
                data-series={entry.name}
                x={index * SLOT + (SLOT - width) / 2}
                y={CHART_HEIGHT - height}
                width={width}
                height={height}
                rx={entry.radius}
                className={entry.className}
              />
            )
          })
        ) : (
          <polyline
            key={entry.name}
            data-series={entry.name}
            points={items.map((item, index) => `${index * SLOT + SLOT / 2},${y(entry.value(item))}`).join(' ')}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            className={entry.className}
          />
        ),
      )}
    </ChartShell>
  )
}
