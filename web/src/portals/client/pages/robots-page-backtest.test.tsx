import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes } from '@/test/api-routes'
import { alphaLicense, betaLicense, licenses } from '@/features/client-area/test-support'
import { publicBacktest } from '@/components/backtest/test-data'
import { ClientRobotsPage } from './robots-page'

/* The client's robot card shows the active version's backtest when the API sends one (decision 0016). */

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ')

function renderPage() {
  mockFetch(apiRoutes({ 'GET /api/client/licenses': () => Response.json(licenses([{ ...alphaLicense, backtest: publicBacktest }, { ...betaLicense, backtest: null }])) }))
  renderWithProviders(<ClientRobotsPage />, { path: '/robots' })
}

describe('client robots page: backtest on the robot card', { timeout: 20_000 }, () => {
  it('shows the numbers and a small curve on the card whose robot has one, nothing on the other', async () => {
    renderPage()
    const alpha = await screen.findByRole('article', { name: 'Robô Alpha' })
    const block = within(alpha).getByRole('region', { name: 'Backtest' })
    expect(plain(within(block).getByText('Lucro líquido').nextElementSibling?.textContent)).toBe('US$ 1.234,50')
    expect(within(block).getByText('Rebaixamento máximo').nextElementSibling).toHaveTextContent('7,25%')
    expect(within(block).getByRole('img', { name: /^Curva de saldo do backtest/ })).toBeInTheDocument()

    const beta = await screen.findByRole('article', { name: 'Robô Beta' })
    expect(within(beta).queryByRole('region', { name: 'Backtest' })).not.toBeInTheDocument()
  })
})
