import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { tenantA, tenantsPage } from '@/features/admin-commerce/test-support'
import { AdminSalesPage } from './sales-page'

beforeAll(polyfillRadixSelect)

const hotmartSale = {
  id: '0190c0de-0000-7000-8000-0000000000s1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  clientId: null,
  externalId: 'HP-2025-001',
  origin: 'hotmart',
  status: 'confirmed',
  amountPaidByCustomer: '197.00',
  grossAmount: '197.00',
  hotmartCommission: '19.70',
  netAmount: '177.30',
  originalCurrency: 'BRL',
  exchangeRate: null,
  saleDate: '2025-03-10T15:30:00Z',
  createdAt: '2025-03-10T15:30:00Z',
}
const manualSale = { ...hotmartSale, id: 'abcdef12-3456-7000-8000-000000000002', externalId: null, origin: 'manual', status: 'refunded', grossAmount: '1500.00', netAmount: '1450.00' }

const failedEvent = {
  id: '0190c0de-0000-7000-8000-0000000000e1',
  tenantId: tenantA.id,
  robotId: null,
  eventId: 'evt-123',
  event: 'PURCHASE_APPROVED',
  receivedAt: '2025-03-10T15:30:00Z',
  processedAt: null,
  attempts: 5,
  lastError: 'Robô não encontrado para o produto 4242',
  failedAt: '2025-03-10T16:00:00Z',
  outcome: null,
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(tenantsPage()),
      'GET /api/sales': () => Response.json(page([hotmartSale, manualSale])),
      'GET /api/clients': () => Response.json(page([], { pageSize: 50 })),
      'GET /api/hotmart-events': () => Response.json(page([failedEvent])),
      ...handlers,
    }),
  )
  renderWithProviders(<AdminSalesPage />, { path: '/sales' })
  return fetch
}

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nova Venda' }))
  return screen.findByRole('dialog')
}

describe('admin sales page', { timeout: 30_000 }, () => {
  it('lists the sales with amounts in BRL and a short id when there is no external id', async () => {
    renderPage()
    const row = (await screen.findByText('HP-2025-001')).closest('tr')!
    expect(within(row).getByText('Hotmart')).toBeInTheDocument()
    expect(within(row).getByText(tenantA.name)).toBeInTheDocument()
    expect(within(row).getByText('R$ 197,00')).toBeInTheDocument()
    expect(within(row).getByText('R$ 177,30')).toBeInTheDocument()
    expect(within(row).getByText('Confirmada')).toBeInTheDocument()
    expect(within(row).getByText(/^10\/03\/2025 \d\d:30$/)).toBeInTheDocument()
    const manualRow = screen.getByText('abcdef12').closest('tr')!
    expect(within(manualRow).getByText('Manual')).toBeInTheDocument()
    expect(within(manualRow).getByText('Reembolsada')).toBeInTheDocument()
    expect(within(manualRow).getByText('R$ 1.500,00')).toBeInTheDocument()
  })

  it('shows the empty text', async () => {
    renderPage({ 'GET /api/sales': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma venda encontrada')).toBeInTheDocument()
  })

  it('sends the filters and the external-id search, and says 10.000+ when the count is capped', async () => {
    const fetch = renderPage({ 'GET /api/sales': () => Response.json(page([hotmartSale], { total: 10000, totalCapped: true, pageSize: 1 })) })
    expect(await screen.findByText('10.000+ registros')).toBeInTheDocument()
    await choose('Filtrar por origem', 'Manual')
    await choose('Filtrar por status', 'Pendente')
    await userEvent.type(screen.getByLabelText('Buscar por ID externo'), 'HP-2025')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/sales').at(-1)!.url).searchParams
      expect(last.get('origin')).toBe('manual')
      expect(last.get('status')).toBe('pending')
      expect(last.get('q')).toBe('HP-2025')
    })
  })

  it("marks the required fields 'Campo obrigatório', toasts the validation error and sends nothing", async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.type(within(dialog).getByLabelText('Valor bruto'), '10.999')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Use no máximo 2 casas decimais')).toBeInTheDocument()
    expect(screen.getByText('Erro de validação')).toBeInTheDocument()
    expect(screen.getByText('Por favor, preencha todos os campos obrigatórios corretamente.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Valor bruto')).toHaveAttribute('step', '0.01')
    expect(requestsTo(fetch, 'POST', '/api/sales')).toHaveLength(0)
  })

  it('creates a sale with every field, empty ones as null', async () => {
    const fetch = renderPage({ 'POST /api/sales': () => Response.json(hotmartSale, { status: 201 }) })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText('ID Externo'), 'MANUAL-77')
    await choose(/^Status/, 'Pendente', dialog)
    await userEvent.type(within(dialog).getByLabelText('Valor bruto'), '197.5')
    await userEvent.type(within(dialog).getByLabelText('Valor líquido'), '180')
    await userEvent.type(within(dialog).getByLabelText('Data da venda'), '2025-03-10T12:30')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Venda criada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/sales')
    expect(await request!.json()).toEqual({
      tenantId: tenantA.id,
      clientId: null,
      externalId: 'MANUAL-77',
      origin: 'manual',
      status: 'pending',
      amountPaidByCustomer: null,
      grossAmount: '197.5',
      hotmartCommission: null,
      coproducerCommission: null,
      affiliateCommission: null,
      otherFees: null,
      netAmount: '180',
      originalCurrency: 'BRL',
      exchangeRate: null,
      saleDate: '2025-03-10T12:30',
      cancellationDate: null,
    })
  })

  it('edits a sale: its amounts show with two decimals and the update is toasted', async () => {
    const fetch = renderPage({ [`PATCH /api/sales/${hotmartSale.id}`]: () => Response.json(hotmartSale) })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar venda HP-2025-001' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Comissão Hotmart')).toHaveValue(19.7)
    expect(within(dialog).getByLabelText('Data da venda')).toHaveValue('2025-03-10T12:30')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Venda atualizada')).toBeInTheDocument()
    const body = await requestsTo(fetch, 'PATCH', `/api/sales/${hotmartSale.id}`)[0]!.json()
    expect(body).toMatchObject({ grossAmount: '197.00', hotmartCommission: '19.70', origin: 'hotmart', saleDate: '2025-03-10T12:30' })
  })

  it("shows the server's field errors and titles the toast 'Erro ao criar/atualizar venda'", async () => {
    renderPage({ 'POST /api/sales': () => errorBody(400, 'Valor alto demais', { grossAmount: 'Valor alto demais' }) })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText('Valor bruto'), '99999999')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar/atualizar venda')).toBeInTheDocument()
    const message = within(dialog).getByText('Valor alto demais')
    expect(within(dialog).getByLabelText('Valor bruto')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })

  it('shows the sale’s details with the original Hotmart payload', async () => {
    const payload = { event: 'PURCHASE_APPROVED', data: { purchase: { transaction: 'HP-2025-001' } } }
    const fetch = renderPage({ [`GET /api/sales/${hotmartSale.id}`]: () => Response.json({ ...hotmartSale, originalPayload: payload }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes da venda HP-2025-001' }))
    const dialog = await screen.findByRole('dialog')
    const pre = await within(dialog).findByTestId('sale-payload')
    expect(pre.textContent).toBe(JSON.stringify(payload, null, 2))
    expect(within(dialog).getByText('R$ 19,70')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', `/api/sales/${hotmartSale.id}`)).toHaveLength(1)
  })

  it('lists the failed Hotmart events and reprocesses one after confirming', async () => {
    const fetch = renderPage({ [`POST /api/hotmart-events/${failedEvent.id}/replay`]: () => new Response(null, { status: 202 }) })
    await userEvent.click(await screen.findByRole('tab', { name: 'Eventos com falha' }))
    const row = (await screen.findByText('Robô não encontrado para o produto 4242')).closest('tr')!
    expect(within(row).getByText('PURCHASE_APPROVED')).toBeInTheDocument()
    expect(within(row).getByText(tenantA.name)).toBeInTheDocument()
    expect(new URL(requestsTo(fetch, 'GET', '/api/hotmart-events')[0]!.url).searchParams.get('failed')).toBe('true')
    await userEvent.click(within(row).getByRole('button', { name: /^Reprocessar/ }))
    const confirm = await screen.findByRole('alertdialog')
    expect(requestsTo(fetch, 'POST', `/api/hotmart-events/${failedEvent.id}/replay`)).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reprocessar' }))
    expect(await screen.findByText('Evento reenviado para processamento')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/hotmart-events/${failedEvent.id}/replay`)).toHaveLength(1)
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/hotmart-events')).toHaveLength(2))
  })

  it('says so when no event failed', async () => {
    renderPage({ 'GET /api/hotmart-events': () => Response.json(page([])) })
    await userEvent.click(await screen.findByRole('tab', { name: 'Eventos com falha' }))
    expect(await screen.findByText('Nenhum evento com falha')).toBeInTheDocument()
  })
})
