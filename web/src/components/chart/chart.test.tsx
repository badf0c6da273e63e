import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Chart, type ChartSeries } from './chart'

interface Day {
  day: string
  sales: number
  visits: number
}

const days: Day[] = [
  { day: 'seg', sales: 0, visits: 10 },
  { day: 'ter', sales: 5, visits: 20 },
  { day: 'qua', sales: 10, visits: 0 },
]

const series: ChartSeries<Day>[] = [
  { name: 'sales', kind: 'bar', value: (day) => day.sales, className: 'fill-primary', barWidth: 6, radius: 0.8, legend: { label: 'Vendas', swatchClassName: 'bg-primary' } },
  { name: 'visits', kind: 'line', value: (day) => day.visits, className: 'stroke-emerald-600', legend: { label: 'Visitas', swatchClassName: 'bg-emerald-600' } },
]

function renderChart(props: Partial<React.ComponentProps<typeof Chart<Day>>> = {}) {
  return render(
    <Chart
      summary="Vendas e visitas da semana"
      caption="Semana"
      items={days}
      itemKey={(day) => day.day}
      series={series}
      scale={{ low: 0, high: 20 }}
      ticks={['20', '10', '0']}
      xLabel={(day) => day.day}
      describe={(day) => `${day.day}: ${day.sales} vendas`}
      columns={[
        { header: 'Dia', cell: (day) => day.day },
        { header: 'Vendas', cell: (day) => String(day.sales) },
      ]}
      {...props}
    />,
  )
}

describe('Chart', () => {
  it('draws one bar per item, as high as its value on the scale (a zero bar stays flat)', () => {
    const { container } = renderChart()
    const bars = [...container.querySelectorAll('rect[data-slot="chart-bar"][data-series="sales"]')]
    expect(bars.map((bar) => bar.getAttribute('height'))).toEqual(['0', '25', '50'])
    expect(bars.map((bar) => bar.getAttribute('y'))).toEqual(['100', '75', '50'])
    // Centred in its slot of 10 units, with the series' width and corners.
    expect(bars[1]!.getAttribute('x')).toBe('12')
    expect(bars[1]!.getAttribute('width')).toBe('6')
    expect(bars[1]!.getAttribute('rx')).toBe('0.8')
    expect(bars[1]).toHaveClass('fill-primary')
  })

  it('draws a line through the middle of every slot, from the scale’s low to its high', () => {
    const { container } = renderChart({ scale: { low: -20, high: 20 } })
    const line = container.querySelector('polyline[data-series="visits"]')!
    expect(line.getAttribute('points')).toBe('5,25 15,0 25,50')
    expect(line).toHaveClass('stroke-emerald-600')
  })

  it('names itself with the summary, lists every value in a hidden table and has a legend entry per series', () => {
    renderChart()
    expect(screen.getByRole('img', { name: 'Vendas e visitas da semana' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Semana' })
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3)
    expect(screen.getByText('Vendas', { selector: 'figcaption *' })).toBeInTheDocument()
    expect(screen.getByText('Visitas', { selector: 'figcaption *' })).toBeInTheDocument()
  })

  it('leaves the legend out at the small size, and out for series without an entry', () => {
    const { container, unmount } = renderChart({ size: 'small' })
    expect(container.querySelector('figcaption')).toBeNull()
    unmount()
    const { container: bare } = renderChart({ series: series.map(({ legend: _legend, ...rest }) => rest) })
    expect(bare.querySelector('figcaption')).toBeNull()
  })
})
