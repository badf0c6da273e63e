import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { todayInput } from '@/features/tenant-commerce/schemas/manual-sale-form'
import { mockFetch, renderWithProviders } from '@/test/render'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import { TenantSalesPage } from './sales-page'

beforeAll(polyfillRadixSelect)

const hotmartSale = {
  id: '0190c0de-0000-7000-8000-0000000000s1',
  tenantId: '0190c0de-0000-7000-8000-000000000003',
  tenantName: 'Loja',
  clientId: '0190c0de-0000-7000-8000-0000000000c1',
  clientName: 'Ana Compradora',
  clientEmail: 'ana@ex.com',
  externalId: 'HP-2025-001',
  origin: 'hotmart',
  status: 'confirmed',
  amountPaidByCustomer: '197.00',
  grossAmount: '197.00',
  hotmartCommission: '19.70',
  affiliateCommission: '10.00',
  coproducerCommission: null,
  otherFees: '1.50',
  netAmount: '165.80',
  originalCurrency: 'BRL',
  exchangeRate: null,
  saleDate: '2025-03-10T15:30:00Z',
  cancellationDate: null,
  createdAt: '2025-03-10T15:31:00Z',
}
const manualSale = {
  ...hotmartSale,
  id: 'abcdef12-3456-7000-8000-000000000002',
  clientId: null,
  clientName: null,
  clientEmail: null,
  externalId: null,
  origin: 'manual',
  status: 'refunded',
  amountPaidByCustomer: '1500.00',
  netAmount: '1450.00',
}

const robotsRoute = {
  'GET /api/tenant/robots': () =>
    Response.json(
      page(
        [
          { id: 'r1', name: 'Robô Alpha', trialDays: 7, activeVersion: '1.0.0' },
          { id: 'r2', name: 'Robô Beta', trialDays: 7, activeVersion: null },
        ],
        { pageSize: 100 },
      ),
    ),
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant/sales': () => Response.json(page([hotmartSale, manualSale])), ...handlers }))
  renderWithProviders(<TenantSalesPage />, { path: '/sales' })
  return fetch
}

const lastListQuery = (fetch: ReturnType<typeof mockFetch>) => new URL(requestsTo(fetch, 'GET', '/api/tenant/sales').at(-1)!.url).searchParams

describe('tenant sales page', { timeout: 30_000 }, () => {
  it('lists the sales: client, origin, external id, amounts in BRL, date and status', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Vendas' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Vendas' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Cliente',
      'Origem',
      'ID Externo',
      'Valor Pago',
      'Valor Líquido',
      'Data',
      'Status',
      'Ações',
    ])
    const row = (await screen.findByText('HP-2025-001')).closest('tr')!
    expect(within(row).getByText('Ana Compradora')).toBeInTheDocument()
    expect(within(row).getByText('ana@ex.com')).toBeInTheDocument()
    expect(within(row).getByText('Hotmart')).toBeInTheDocument()
    expect(within(row).getByText('R$ 197,00')).toBeInTheDocument()
    expect(within(row).getByText('R$ 165,80')).toBeInTheDocument()
    expect(within(row).getByText(/^10\/03\/2025 \d\d:30$/)).toBeInTheDocument()
    expect(within(row).getByText('Confirmada')).toBeInTheDocument()
    const manualRow = screen.getByText('Reembolsada').closest('tr')!
    expect(within(manualRow).getByText('Manual')).toBeInTheDocument()
    expect(within(manualRow).getByText('R$ 1.500,00')).toBeInTheDocument()
  })

  it('edits no sale: sales come from Hotmart or from "Registrar venda"', async () => {
    renderPage()
    await screen.findByText('HP-2025-001')
    expect(screen.queryByRole('button', { name: /nova venda|editar/i })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Registrar venda' })).toBeInTheDocument()
  })

  it('badges a manual sale with how it was paid', async () => {
    renderPage({ 'GET /api/tenant/sales': () => Response.json(page([{ ...manualSale, paymentMethod: 'pix' }])) })
    const row = (await screen.findByText('Reembolsada')).closest('tr')!
    expect(within(row).getByText('Manual · PIX')).toBeInTheDocument()
  })

  it('records a sale whose access e-mail was refused, says it was not sent and offers the access link', async () => {
    const reason = 'E-mail não enviado: remetente não configurado. Configure o envio em Configurações → E-mails, ou envie o acesso ao comprador por outro meio.'
    const recorded = {
      sale: { ...manualSale, externalId: 'MAN-ABCDE23457', status: 'confirmed', clientName: 'Rui Comprador', clientEmail: 'rui@ex.com', paymentMethod: 'pix' },
      licenseId: 'l2',
      clientId: 'c10',
      clientCreated: true,
      replayed: false,
      emailRefusal: reason,
    }
    const link = 'http://127.0.0.1:18080/client/acesso?token=0190c0de-0000-7000-8000-000000000003.abcdefghijklmnopqrstuvwxyz0123456789'
    const fetch = renderPage({
      ...robotsRoute,
      'POST /api/tenant/manual-sales': () => Response.json(recorded, { status: 201 }),
      'POST /api/tenant/clients/c10/access-link': () => Response.json({ link, expiresAt: '2026-11-29T10:00:00Z' }, { status: 201 }),
    })
    const user = userEvent.setup()
    await screen.findByText('HP-2025-001')
    await user.click(screen.getByRole('button', { name: 'Registrar venda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Registrar venda' })
    await user.type(within(dialog).getByLabelText(/Nome do comprador/), 'Rui Comprador')
    await user.type(within(dialog).getByLabelText(/E-mail do comprador/), 'rui@ex.com')
    await choose(/Robô/, 'Robô Alpha', dialog)
    await user.type(within(dialog).getByLabelText(/Valor/), '297.5')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))

    const outcome = await within(dialog).findByTestId('manual-sale-outcome')
    expect(within(outcome).getByText('E-mail de acesso não enviado')).toBeInTheDocument()
    expect(within(outcome).getByText(reason)).toBeInTheDocument()
    expect(within(outcome).getByText('MAN-ABCDE23457')).toBeInTheDocument()
    expect(screen.queryByText(/Enviamos/)).not.toBeInTheDocument()
    expect(within(outcome).queryByText('Robô sem versão ativa')).not.toBeInTheDocument()

    await user.click(within(outcome).getByRole('button', { name: 'Copiar link de acesso' }))
    expect(within(outcome).getByText(/funciona uma única vez e vale por 24 horas/)).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/clients/c10/access-link')).toHaveLength(0)
    await user.click(within(outcome).getByRole('button', { name: 'Gerar link de acesso' }))
    expect(await within(outcome).findByDisplayValue(link)).toBeInTheDocument()
    await user.click(within(outcome).getByRole('button', { name: 'Copiar link de acesso' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(within(outcome).getByText(/Funciona uma vez, até 29\/11\/2026/)).toBeInTheDocument()
  })

  it('warns before recording that the robot has no active version, and says so again in the answer', async () => {
    const warning = 'O robô Robô Beta ainda não tem versão ativa: o comprador tem a licença, mas nada para baixar até você publicar uma versão.'
    const recorded = {
      sale: { ...manualSale, externalId: 'MAN-ABCDE23458', status: 'confirmed', clientEmail: 'lia@ex.com', paymentMethod: 'pix' },
      licenseId: 'l3',
      clientId: 'c11',
      clientCreated: true,
      replayed: false,
      robotWarning: warning,
    }
    renderPage({ ...robotsRoute, 'POST /api/tenant/manual-sales': () => Response.json(recorded, { status: 201 }) })
    await screen.findByText('HP-2025-001')
    await userEvent.click(screen.getByRole('button', { name: 'Registrar venda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Registrar venda' })
    await choose(/Robô/, 'Robô Alpha', dialog)
    expect(within(dialog).queryByText(/ainda não tem versão ativa/)).not.toBeInTheDocument()
    await choose(/Robô/, 'Robô Beta', dialog)
    expect(await within(dialog).findByText('Robô Beta ainda não tem versão ativa')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(/Nome do comprador/), 'Lia')
    await userEvent.type(within(dialog).getByLabelText(/E-mail do comprador/), 'lia@ex.com')
    await userEvent.type(within(dialog).getByLabelText(/Valor/), '100')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))
    const outcome = await within(dialog).findByTestId('manual-sale-outcome')
    expect(within(outcome).getByText('Robô sem versão ativa')).toBeInTheDocument()
    expect(within(outcome).getByText(warning)).toBeInTheDocument()
    expect(within(outcome).getByText('E-mail de acesso na fila de envio')).toBeInTheDocument()
    // The e-mail was queued: no access link is offered.
    expect(within(outcome).queryByRole('button', { name: 'Copiar link de acesso' })).not.toBeInTheDocument()
  })

  it('records a manual PIX sale with a submission key, says the access e-mail is queued (not sent) and refreshes the list', async () => {
    const recorded = {
      sale: { ...manualSale, externalId: 'MAN-ABCDE23456', status: 'confirmed', clientEmail: 'carla@ex.com', paymentMethod: 'pix' },
      licenseId: 'l1',
      clientId: 'c9',
      clientCreated: true,
      replayed: false,
    }
    const fetch = renderPage({ ...robotsRoute, 'POST /api/tenant/manual-sales': () => Response.json(recorded, { status: 201 }) })
    await screen.findByText('HP-2025-001')
    await userEvent.click(screen.getByRole('button', { name: 'Registrar venda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Registrar venda' })
    await userEvent.type(within(dialog).getByLabelText(/Nome do comprador/), 'Carla Compradora')
    await userEvent.type(within(dialog).getByLabelText(/E-mail do comprador/), 'carla@ex.com')
    await choose(/Robô/, 'Robô Alpha', dialog)
    await userEvent.type(within(dialog).getByLabelText(/Valor/), '297.5')
    expect(within(dialog).getByLabelText(/Forma de pagamento/)).toHaveTextContent('PIX')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))

    expect(await screen.findByText('Venda registrada')).toBeInTheDocument()
    expect(screen.getByText('E-mail de acesso na fila de envio')).toBeInTheDocument()
    expect(screen.getByText(/O acesso para carla@ex.com sai em instantes/)).toBeInTheDocument()
    expect(screen.queryByText(/Enviamos/)).not.toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/manual-sales')
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(await request!.json()).toEqual({
      buyerName: 'Carla Compradora',
      buyerEmail: 'carla@ex.com',
      buyerPhone: null,
      robotId: 'r1',
      amount: '297.5',
      paymentMethod: 'pix',
      saleDate: todayInput(),
    })
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/sales')).toHaveLength(2))
    await userEvent.click(within(screen.getByTestId('manual-sale-outcome')).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps what was typed, puts the server’s messages under the fields, and retries with the same key', async () => {
    let answers = 0
    const fetch = renderPage({
      ...robotsRoute,
      'POST /api/tenant/manual-sales': () =>
        ++answers === 1
          ? errorBody(400, 'O valor deve ser maior que zero', { amount: 'O valor deve ser maior que zero' })
          : new Response('', { status: 502 }),
    })
    await screen.findByText('HP-2025-001')
    await userEvent.click(screen.getByRole('button', { name: 'Registrar venda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Registrar venda' })
    // Nothing typed: the form's own messages, and nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Robô é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Valor é obrigatório')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/manual-sales')).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText(/Nome do comprador/), 'Carla')
    await userEvent.type(within(dialog).getByLabelText(/E-mail do comprador/), 'carla@ex.com')
    await choose(/Robô/, 'Robô Alpha', dialog)
    await userEvent.type(within(dialog).getByLabelText(/Valor/), '10')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))
    expect(await within(dialog).findByText('O valor deve ser maior que zero')).toBeInTheDocument()
    expect(screen.getByText('Erro ao registrar venda')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Nome do comprador/)).toHaveValue('Carla')
    expect(within(dialog).getByLabelText(/E-mail do comprador/)).toHaveValue('carla@ex.com')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar venda' }))
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/api/tenant/manual-sales')).toHaveLength(2))
    const [first, second] = requestsTo(fetch, 'POST', '/api/tenant/manual-sales')
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'))
    expect(screen.getByRole('dialog', { name: 'Registrar venda' })).toBeInTheDocument()
  })

  it('shows 5 skeleton rows while loading', () => {
    mockFetch(() => new Promise<Response>(() => {}))
    renderWithProviders(<TenantSalesPage />, { path: '/sales' })
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
  })

  it('shows the empty text', async () => {
    renderPage({ 'GET /api/tenant/sales': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma venda registrada ainda')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar vendas' and retries", async () => {
    let failing = true
    const fetch = renderPage({
      'GET /api/tenant/sales': () => (failing ? new Response('', { status: 500 }) : Response.json(page([hotmartSale]))),
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao carregar vendas')
    failing = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('HP-2025-001')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', '/api/tenant/sales')).toHaveLength(2)
  })

  it('sends the external-id search, the status and origin filters and the page to the server', async () => {
    const fetch = renderPage({ 'GET /api/tenant/sales': () => Response.json(page([hotmartSale], { total: 45 })) })
    expect(await screen.findByText('45 registros')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    await waitFor(() => expect(lastListQuery(fetch).get('page')).toBe('2'))
    await choose('Filtrar por status', 'Pendente')
    await choose('Filtrar por origem', 'Manual')
    await userEvent.type(screen.getByLabelText('Buscar por ID externo'), 'HP-2025')
    await waitFor(() => {
      const query = lastListQuery(fetch)
      expect(query.get('q')).toBe('HP-2025')
      expect(query.get('status')).toBe('pending')
      expect(query.get('origin')).toBe('manual')
      // A new filter starts again at the first page.
      expect(query.get('page')).toBe('1')
    })
  })

  it('shows every amount and date of a sale, and its Hotmart payload in the second tab', async () => {
    const payload = { event: 'PURCHASE_APPROVED', data: { purchase: { transaction: 'HP-2025-001' } } }
    const fetch = renderPage({ [`GET /api/tenant/sales/${hotmartSale.id}`]: () => Response.json({ ...hotmartSale, originalPayload: payload }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes da venda HP-2025-001' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('tab', { name: 'Informações' })).toHaveAttribute('aria-selected', 'true')
    for (const [label, value] of [
      ['Valor pago pelo cliente', 'R$ 197,00'],
      ['Comissão Hotmart', 'R$ 19,70'],
      ['Comissão afiliado', 'R$ 10,00'],
      ['Comissão coprodutor', '—'],
      ['Outras taxas', 'R$ 1,50'],
      ['Valor líquido', 'R$ 165,80'],
    ]) {
      expect(within(dialog).getByText(label!).nextElementSibling).toHaveTextContent(value!)
    }
    expect(within(dialog).getByText('Data da venda').nextElementSibling!.textContent).toMatch(/^10\/03\/2025 \d\d:30$/)
    expect(within(dialog).getByText('Cliente').nextElementSibling).toHaveTextContent('Ana Compradora (ana@ex.com)')
    expect(within(dialog).getByText('Confirmada')).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Payload Original' }))
    expect((await within(dialog).findByTestId('original-payload')).textContent).toBe(JSON.stringify(payload, null, 2))
    expect(requestsTo(fetch, 'GET', `/api/tenant/sales/${hotmartSale.id}`)).toHaveLength(1)
  })

  it("says 'Venda manual: sem payload.' for a sale without one", async () => {
    renderPage({ [`GET /api/tenant/sales/${manualSale.id}`]: () => Response.json({ ...manualSale, originalPayload: null }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes da venda abcdef12' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Payload Original' }))
    expect(await within(dialog).findByText('Venda manual: sem payload.')).toBeInTheDocument()
  })
})

describe('tenant sales page on a phone (390 px)', { timeout: 30_000 }, () => {
  it('shows each sale as a card with the client, the amounts, the status and a labelled "Detalhes", nothing off-screen', async () => {
    setViewportWidth(PHONE_WIDTH)
    renderPage()
    const list = await screen.findByRole('list', { name: 'Vendas' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)

    const hotmart = within(cards[0]!)
    expect(hotmart.getByText('Ana Compradora')).toBeInTheDocument()
    const field = (label: string) => hotmart.getByText(label, { selector: 'dt' }).nextElementSibling
    expect(field('Valor Pago')).toHaveTextContent('R$ 197,00')
    expect(field('Valor Líquido')).toHaveTextContent('R$ 165,80')
    expect(field('ID Externo')).toHaveTextContent('HP-2025-001')
    expect(hotmart.getByText('Confirmada')).toBeInTheDocument()
    const detail = hotmart.getByRole('button', { name: 'Detalhes da venda HP-2025-001' })
    expect(detail).toHaveTextContent('Detalhes')

    expect(within(cards[1]!).getByText('Reembolsada')).toBeInTheDocument()
    expect(within(cards[1]!).getByText('Valor Pago', { selector: 'dt' }).nextElementSibling).toHaveTextContent('R$ 1.500,00')

    await userEvent.click(detail)
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })
})
