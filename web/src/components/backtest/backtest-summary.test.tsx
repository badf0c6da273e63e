import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { BacktestSummary, PAST_RESULTS_NOTICE } from './backtest-summary'
import { publicBacktest } from './test-data'

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ')

describe('BacktestSummary (the client robot card block)', () => {
  it('shows the profile, the four main numbers and a small balance curve', () => {
    render(<BacktestSummary backtest={publicBacktest} />)
    const block = screen.getByRole('region', { name: 'Backtest' })
    expect(plain(block.textContent)).toContain('EURUSD H1 · 01/01/2024 a 31/12/2024')
    const figure = (label: string) => plain(within(block).getByText(label).nextElementSibling!.textContent)
    expect(figure('Lucro líquido')).toBe('US$ 1.234,50')
    expect(figure('Fator de lucro')).toBe('1,46')
    expect(figure('Rebaixamento máximo')).toBe('7,25%')
    expect(figure('Taxa de acerto')).toBe('55,50%')
    expect(within(block).queryByText('Operações')).not.toBeInTheDocument()
    const curve = within(block).getByRole('img', { name: /^Curva de saldo do backtest/ })
    expect(curve.querySelector('polyline[data-series="balance"]')!.getAttribute('points')!.split(' ')).toHaveLength(4)
    expect(within(block).getByText(PAST_RESULTS_NOTICE)).toBeInTheDocument()
  })

  it('shows nothing without numbers, and no curve with fewer than two points', () => {
    const { container, rerender } = render(<BacktestSummary backtest={{ ...publicBacktest, numbers: null }} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<BacktestSummary backtest={{ ...publicBacktest, equityCurve: publicBacktest.equityCurve.slice(0, 1) }} />)
    expect(screen.getByRole('region', { name: 'Backtest' })).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })
})
