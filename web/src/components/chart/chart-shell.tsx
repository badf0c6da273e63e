import type * as React from 'react'
import { useState } from 'react'
import { cn } from '@/lib/class-names'

/** Width of one item's slot in SVG units; the drawing's height is always 100 units. */
export const SLOT = 10
export const CHART_HEIGHT = 100

/** Rounds a maximum up to 1, 2, 2.5 or 5 times a power of ten, so the scale reads well. Never 0. */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= value) ?? 10
  return step * power
}

/**
 * The top of a scale of counts, whose middle line is a whole number too (checks are never "0,5" or "12,5"):
 * twice a nice ceiling of half the maximum, at least 2.
 */
export function niceCountCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 2) return 2
  return 2 * niceCeiling(Math.ceil(value / 2))
}

/** Height of a value in SVG units on a scale topped by `max`; a non-zero value stays visible. */
export function scaled(value: number, max: number): number {
  if (value <= 0) return 0
  return Math.max((value / max) * CHART_HEIGHT, 1)
}

export interface ChartColumn<T> {
  header: string
  cell: (item: T) => string
}

interface ChartShellProps<T> {
  /** Names the chart for assistive technology: a sentence summarising what it shows. */
  summary: string
  /** Caption of the visually hidden table that lists every value. */
  caption: string
  items: T[]
  /** Scale labels from the top of the drawing to its baseline. */
  ticks: string[]
  xLabel: (item: T) => string
  /** Label every n-th item (counted back from the newest); phones label half as many. */
  labelEvery?: number
  /** One line per item, for the tooltip and the SVG title. */
  describe: (item: T) => string
  columns: ChartColumn<T>[]
  legend?: React.ReactNode
  /** `small`: half the height, for a chart inside a card (the client's robot card). */
  size?: 'default' | 'small'
  /** The marks, drawn in a viewBox of `items.length * SLOT` by `CHART_HEIGHT` units. */
  children: React.ReactNode
}

function labelVisibility(index: number, count: number, every: number): string {
  const fromNewest = count - 1 - index
  if (fromNewest % every !== 0) return 'invisible'
  return fromNewest % (every * 2) === 0 ? '' : 'max-sm:invisible'
}

/**
 * What every dashboard chart (admin and tenant owner) shares: the scale, the month/day labels, a tooltip
 * that follows the mouse (or the arrow keys once the chart has focus), and a visually hidden table with
 * every value, since a screen reader cannot read bars.
 */
export function ChartShell<T>({ summary, caption, items, ticks, xLabel, labelEvery = 1, describe, columns, legend, size = 'default', children }: ChartShellProps<T>) {
  const [active, setActive] = useState<number | null>(null)
  const count = items.length
  const width = count * SLOT
  const activeItem = active === null ? undefined : items[active]
  const height = size === 'small' ? 'h-24' : 'h-48'

  function onKeyDown(event: React.KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      setActive(event.key === 'Home' ? 0 : count - 1)
    } else if (event.key in moves) {
      event.preventDefault()
      setActive((current) => Math.min(count - 1, Math.max(0, (current ?? count) + moves[event.key]!)))
    } else if (event.key === 'Escape') {
      setActive(null)
    }
  }

  return (
    <figure className="space-y-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className={cn('flex flex-col justify-between text-right text-[10px] leading-none text-muted-foreground tabular-nums', height)} aria-hidden>
          {ticks.map((tick, index) => (
            <span key={index}>{tick}</span>
          ))}
        </div>
        <div className={cn('relative', height)}>
          <svg
            role="img"
            aria-label={summary}
            tabIndex={0}
            viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            className="size-full overflow-visible rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            onKeyDown={onKeyDown}
            onFocus={() => setActive((current) => current ?? count - 1)}
            onBlur={() => setActive(null)}
            onMouseLeave={() => setActive(null)}
          >
            {[0, 0.5, 1].map((fraction) => (
              <line
                key={fraction}
                x1={0}
                x2={width}
                y1={fraction * CHART_HEIGHT}
                y2={fraction * CHART_HEIGHT}
                className="stroke-border"
                strokeDasharray={fraction === 1 ? undefined : '3 3'}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {active !== null && <rect x={active * SLOT} y={0} width={SLOT} height={CHART_HEIGHT} className="fill-muted" />}
            {children}
            {items.map((item, index) => (
              <rect
                key={index}
                data-slot="chart-hit-area"
                x={index * SLOT}
                y={0}
                width={SLOT}
                height={CHART_HEIGHT}
                fill="transparent"
                onMouseEnter={() => setActive(index)}
              >
                <title>{describe(item)}</title>
              </rect>
            ))}
          </svg>
          {activeItem !== undefined && active !== null && (
            <div
              aria-hidden
              className="pointer-events-none absolute -top-2 z-10 w-max max-w-56 rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md"
              style={{
                left: `${((active + 0.5) / count) * 100}%`,
                transform: `translate(${active < count * 0.2 ? '-10%' : active > count * 0.8 ? '-90%' : '-50%'}, -100%)`,
              }}
            >
              {describe(activeItem)}
            </div>
          )}
        </div>
        <div />
        <div className="mt-1 grid text-center text-[10px] text-muted-foreground" style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }} aria-hidden>
          {items.map((item, index) => (
            <span key={index} className={cn('overflow-visible whitespace-nowrap', labelVisibility(index, count, labelEvery))}>
              {xLabel(item)}
            </span>
          ))}
        </div>
      </div>
      {legend && <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">{legend}</figcaption>}
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={index}>
              {columns.map((column, columnIndex) =>
                columnIndex === 0 ? (
                  <th key={column.header} scope="row">
                    {column.cell(item)}
                  </th>
                ) : (
                  <td key={column.header}>{column.cell(item)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

export function LegendSwatch({ className, label, shape = 'bar' }: { className: string; label: string; shape?: 'bar' | 'line' }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden className={cn('inline-block', shape === 'bar' ? 'size-2.5 rounded-sm' : 'h-0.5 w-4 rounded-full', className)} />
      {label}
    </span>
  )
}
