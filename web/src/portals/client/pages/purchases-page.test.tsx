import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page } from '@/test/api-routes'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import type { ClientPurchaseItem } from '@/features/client-area/api/purchases'
import { ClientPurchasesPage } from './purchases-page'

const hotmart: ClientPurchaseItem = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  externalId: 'HP-123456',
  robotName: 'Robô Alpha',
  amount: '497.00',
  currency: 'BRL',
  status: 'confirmed',
  statusLabel: 'Confirmada',
  platform: 'hotmart',
  platformLabel: 'Hotmart',
  purchasedAt: '2025-03-10T15:30:00Z',
}
const manual: ClientPurchaseItem = {
  ...hotmart,
  id: '0190c0de-0000-7000-8000-0000000000e2',
  externalId: null,
  robotName: null,
  amount: '1200.50',
  status: 'refunded',
  statusLabel: 'Reembolsada',
  platform: 'manual',
  platformLabel: 'Venda direta',
}

function renderPage(answer: () => Response) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/client/purchases': answer }))
  renderWithProviders(<ClientPurchasesPage />, { path: '/purchases' })
  return fetch
}

describe('client purchases page', { timeout: 20_000 }, () => {
  it('lists the purchases as a table from 768 px: robot, amount in BRL, status, platform, purchase id', async () => {
    setViewportWidth(1366)
    renderPage(() => Response.json(page([hotmart, manual])))
    expect(screen.getByRole('heading', { level: 1, name: 'Minhas compras' })).toBeInTheDocument()
    await screen.findByText('Robô Alpha')
    const table = screen.getByRole('table', { name: 'Minhas compras' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Robô Alpha')
    expect(rows[1]).toHaveTextContent('R$ 497,00')
    expect(rows[1]).toHaveTextContent('Confirmada')
    expect(rows[1]).toHaveTextContent('Hotmart')
    expect(rows[1]).toHaveTextContent('HP-123456')
    expect(rows[2]).toHaveTextContent('Robô removido')
    expect(rows[2]).toHaveTextContent('R$ 1.200,50')
    expect(rows[2]).toHaveTextContent('Reembolsada')
    expect(rows[2]).toHaveTextContent('Venda direta')
    expect(screen.getByText('2 registros')).toBeInTheDocument()
  })

  it('shows cards on a phone, with the amount and status in view', async () => {
    setViewportWidth(PHONE_WIDTH)
    renderPage(() => Response.json(page([hotmart])))
    await screen.findByText('Robô Alpha')
    const [card] = screen.getAllByTestId('list-card')
    expect(card).toHaveTextContent('R$ 497,00')
    expect(card).toHaveTextContent('Confirmada')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('pages through the history', async () => {
    setViewportWidth(1366)
    const user = userEvent.setup()
    const fetch = renderPage(() => Response.json(page([hotmart], { total: 25 })))
    await user.click(await screen.findByRole('button', { name: /Próxima/ }))
    const pages = fetch.mock.calls.map((call) => new URL((call[0] as Request).url).searchParams.get('page'))
    expect(pages).toContain('2')
  })

  it('says so when there is nothing yet', async () => {
    renderPage(() => Response.json(page([])))
    expect(await screen.findByText('Você ainda não tem compras registradas.')).toBeInTheDocument()
  })

  it('says when the history cannot be loaded', async () => {
    renderPage(() => errorBody(500, 'Falha interna'))
    expect(await screen.findByText('Erro ao carregar compras')).toBeInTheDocument()
  })
})
