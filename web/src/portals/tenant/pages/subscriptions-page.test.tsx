import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiRoutes, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { mockFetch, renderWithProviders } from '@/test/render'
import { TenantSubscriptionsPage } from './subscriptions-page'

beforeAll(polyfillRadixSelect)

const subscription = {
  id: '0190c0de-0000-7000-8000-0000000000d1',
  tenantId: '0190c0de-0000-7000-8000-000000000003',
  tenantName: 'Loja',
  clientId: '0190c0de-0000-7000-8000-0000000000c1',
  clientName: 'Ana Compradora',
  clientEmail: 'ana@ex.com',
  saleId: null,
  externalId: 'SUB-001',
  origin: 'hotmart',
  amount: '97.00',
  recurrence: 'quarterly',
  status: 'active',
  nextBillingDate: '2025-06-10T12:00:00Z',
  lastPaymentDate: '2025-03-10T12:00:00Z',
  lastChargeAttempt: null,
  cancellationDate: null,
  createdAt: '2025-03-10T12:00:00Z',
}
const manual = { ...subscription, id: 'abcdef12-3456-7000-8000-0000000000d2', externalId: null, origin: 'manual', recurrence: 'semiannual', status: 'cancelled' }

const charges = [
  { saleId: '0190c0de-0000-7000-8000-0000000000s2', externalId: 'HP-RENEW-2', amount: '97.00', status: 'confirmed', saleDate: '2025-04-10T15:30:00Z', recurrenceNumber: 2 },
  { saleId: '0190c0de-0000-7000-8000-0000000000s1', externalId: 'HP-FIRST-1', amount: '97.00', status: 'refunded', saleDate: '2025-03-10T15:30:00Z', recurrenceNumber: 1 },
]

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant/subscriptions': () => Response.json(page([subscription, manual])), ...handlers }))
  renderWithProviders(<TenantSubscriptionsPage />, { path: '/subscriptions' })
  return fetch
}

async function openDetails(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Detalhes da assinatura ${name}` }))
  return screen.findByRole('dialog')
}

describe('tenant subscriptions page', { timeout: 30_000 }, () => {
  it('lists the subscriptions: client, origin, amount, recurrence, next charge and status', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Assinaturas' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Assinaturas' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Cliente',
      'Origem',
      'Valor',
      'Recorrência',
      'Próxima Cobrança',
      'Status',
      'Ações',
    ])
    const row = (await screen.findByText('Trimestral')).closest('tr')!
    expect(within(row).getByText('Ana Compradora')).toBeInTheDocument()
    expect(within(row).getByText('Hotmart')).toBeInTheDocument()
    expect(within(row).getByText('R$ 97,00')).toBeInTheDocument()
    expect(within(row).getByText('10/06/2025')).toBeInTheDocument()
    expect(within(row).getByText('Ativa')).toBeInTheDocument()
    const manualRow = screen.getByText('Semestral').closest('tr')!
    expect(within(manualRow).getByText('Manual')).toBeInTheDocument()
    expect(within(manualRow).getByText('Cancelada')).toBeInTheDocument()
  })

  it('shows 5 skeleton rows while loading, then the empty text', async () => {
    mockFetch(() => new Promise<Response>(() => {}))
    const view = renderWithProviders(<TenantSubscriptionsPage />, { path: '/subscriptions' })
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
    view.unmount()
    renderPage({ 'GET /api/tenant/subscriptions': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma assinatura registrada ainda')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar assinaturas' with the server's message", async () => {
    renderPage({ 'GET /api/tenant/subscriptions': () => Response.json({ message: 'Serviço indisponível' }, { status: 503 }) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao carregar assinaturas')
    expect(alert).toHaveTextContent('Serviço indisponível')
  })

  it('sends the search and the status and recurrence filters to the server', async () => {
    const fetch = renderPage()
    await screen.findByText('Trimestral')
    await choose('Filtrar por status', 'Cancelada')
    await choose('Filtrar por recorrência', 'Anual')
    await userEvent.type(screen.getByLabelText('Buscar por ID externo ou cliente'), 'ana')
    await waitFor(() => {
      const query = new URL(requestsTo(fetch, 'GET', '/api/tenant/subscriptions').at(-1)!.url).searchParams
      expect(query.get('q')).toBe('ana')
      expect(query.get('status')).toBe('cancelled')
      expect(query.get('recurrence')).toBe('annual')
    })
  })

  it('shows the subscription with its billing history, and the payload in the second tab', async () => {
    const payload = { event: 'SUBSCRIPTION_CANCELLATION', data: { subscription: { id: 'SUB-001' } } }
    renderPage({
      [`GET /api/tenant/subscriptions/${subscription.id}`]: () => Response.json({ subscription, billingHistory: charges, originalPayload: payload }),
    })
    const dialog = await openDetails('SUB-001')
    expect(await within(dialog).findByText('Histórico de cobranças')).toBeInTheDocument()
    expect(within(dialog).getByText('Recorrência').nextElementSibling).toHaveTextContent('Trimestral')
    expect(within(dialog).getByText('Próxima cobrança').nextElementSibling!.textContent).toMatch(/^10\/06\/2025 \d\d:00$/)
    const history = within(dialog).getByRole('table', { name: 'Histórico de cobranças' })
    expect(within(history).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Data', 'Transação', 'Valor', 'Status', 'Nº da recorrência'])
    const [, renewal, first] = within(history).getAllByRole('row')
    expect(renewal).toHaveTextContent('HP-RENEW-2')
    expect(renewal!.textContent).toMatch(/10\/04\/2025 \d\d:30/)
    expect(renewal).toHaveTextContent('R$ 97,00')
    expect(renewal).toHaveTextContent('Confirmada')
    expect(renewal!.lastElementChild).toHaveTextContent('2')
    expect(first).toHaveTextContent('Reembolsada')

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Payload Original' }))
    expect((await within(dialog).findByTestId('original-payload')).textContent).toBe(JSON.stringify(payload, null, 2))
  })

  it('says so when there are no payments and no payload', async () => {
    renderPage({ [`GET /api/tenant/subscriptions/${manual.id}`]: () => Response.json({ subscription: manual, billingHistory: [], originalPayload: null }) })
    const dialog = await openDetails('abcdef12')
    expect(await within(dialog).findByText('Nenhuma cobrança registrada')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Payload Original' }))
    expect(await within(dialog).findByText('Assinatura manual: sem payload.')).toBeInTheDocument()
  })

  it("shows the detail call's failure inside the dialog", async () => {
    renderPage({ [`GET /api/tenant/subscriptions/${subscription.id}`]: () => Response.json({ message: 'Assinatura não encontrada' }, { status: 404 }) })
    const dialog = await openDetails('SUB-001')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Assinatura não encontrada')
  })

  it('marks a cancellation the client asked for (still billed by Hotmart) and shows Hotmart\'s answer in the details', async () => {
    const requested = { ...subscription, cancellationRequestedAt: '2025-04-21T15:00:00Z', lastChargeAttempt: '2025-04-10T15:30:00Z' }
    const refused = {
      ...manual,
      id: '0190c0de-0000-7000-8000-0000000000d3',
      externalId: 'SUB-003',
      origin: 'hotmart',
      recurrence: 'annual',
      status: 'active',
      hotmartCancelStatus: 'invalid_client',
      hotmartCancelMessage: 'HTTP 401: Bad client credentials',
      hotmartCancelAt: '2025-04-22T15:00:00Z',
    }
    renderPage({
      'GET /api/tenant/subscriptions': () => Response.json(page([requested, refused])),
      [`GET /api/tenant/subscriptions/${subscription.id}`]: () => Response.json({ subscription: requested, billingHistory: [], originalPayload: null }),
    })
    const row = (await screen.findByText('Trimestral')).closest('tr')!
    expect(within(row).getByText('Ativa')).toBeInTheDocument()
    expect(within(row).getByText('Cancelamento pedido')).toBeInTheDocument()
    expect(within(row).getByText(/^Última tentativa: 10\/04\/2025/)).toBeInTheDocument()
    const refusedRow = screen.getByText('Anual').closest('tr')!
    expect(within(refusedRow).getByText('Hotmart recusou o cancelamento')).toHaveAttribute('title', 'HTTP 401: Bad client credentials')

    const dialog = await openDetails('SUB-001')
    const asked = await within(dialog).findByText('Cancelamento pedido pelo cliente')
    expect(asked.nextElementSibling).toHaveTextContent(/21\/04\/2025/)
    expect(asked.nextElementSibling).toHaveTextContent('A Hotmart continua cobrando até a assinatura ser cancelada lá.')
  })
})
