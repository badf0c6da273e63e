import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { tenantA, tenantsPage } from '@/features/admin-commerce/test-support'
import { AdminSubscriptionsPage } from './subscriptions-page'

beforeAll(polyfillRadixSelect)

const maria = { id: '0190c0de-0000-7000-8000-0000000000c1', tenantId: tenantA.id, tenantName: tenantA.name, name: 'Maria Souza', email: 'maria@exemplo.com', status: 'active', registrationDate: '2025-03-10T15:00:00Z', createdAt: '2025-03-10T15:00:00Z' }

const subscription = {
  id: '0190c0de-0000-7000-8000-0000000000a1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  clientId: maria.id,
  clientName: 'Maria Souza',
  clientEmail: 'maria@exemplo.com',
  saleId: null,
  externalId: 'SUB-001',
  origin: 'hotmart',
  amount: '97.00',
  recurrence: 'quarterly',
  status: 'active',
  lastPaymentDate: '2025-03-10T15:00:00Z',
  nextBillingDate: '2025-06-10T15:00:00Z',
  lastChargeAttempt: '2025-03-10T15:30:00Z',
  cancellationDate: null,
  createdAt: '2025-03-10T15:00:00Z',
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(tenantsPage()),
      'GET /api/subscriptions': () => Response.json(page([subscription])),
      'GET /api/clients': () => Response.json(page([maria], { pageSize: 50 })),
      'GET /api/sales': () => Response.json(page([], { pageSize: 50 })),
      ...handlers,
    }),
  )
  renderWithProviders(<AdminSubscriptionsPage />, { path: '/subscriptions' })
  return fetch
}

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nova Assinatura' }))
  return screen.findByRole('dialog')
}

describe('admin subscriptions page', { timeout: 30_000 }, () => {
  it('lists the subscriptions with amount, recurrence, status and billing dates', async () => {
    renderPage()
    const row = (await screen.findByText('SUB-001')).closest('tr')!
    expect(within(row).getByText('Maria Souza')).toBeInTheDocument()
    expect(within(row).getByText('R$ 97,00')).toBeInTheDocument()
    expect(within(row).getByText('Trimestral')).toBeInTheDocument()
    expect(within(row).getByText('Ativa')).toBeInTheDocument()
    expect(within(row).getByText('10/06/2025')).toBeInTheDocument()
    expect(within(row).getByText('10/03/2025')).toBeInTheDocument()
    for (const header of ['ID Externo', 'Valor', 'Recorrência', 'Status', 'Próxima Cobrança', 'Último Pagamento']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it('shows the empty text', async () => {
    renderPage({ 'GET /api/subscriptions': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma assinatura encontrada')).toBeInTheDocument()
  })

  it('filters by recurrence (semiannual included) and status', async () => {
    const fetch = renderPage()
    await screen.findByText('SUB-001')
    await choose('Filtrar por recorrência', 'Semestral')
    await choose('Filtrar por status', 'Cancelada')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/subscriptions').at(-1)!.url).searchParams
      expect(last.get('recurrence')).toBe('semiannual')
      expect(last.get('status')).toBe('cancelled')
    })
  })

  it("marks tenant and amount 'Campo obrigatório', toasts the validation error and sends nothing", async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findAllByText('Campo obrigatório')).toHaveLength(2)
    expect(within(dialog).getByLabelText(/^Tenant/)).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText(/^Valor/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Erro de validação')).toBeInTheDocument()
    expect(screen.getByText('Por favor, preencha todos os campos obrigatórios corretamente.')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/subscriptions')).toHaveLength(0)
  })

  it('creates a subscription with the tenant’s client, empty fields as null', async () => {
    const fetch = renderPage({ 'POST /api/subscriptions': () => Response.json(subscription, { status: 201 }) })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '97')
    await choose(/^Recorrência/, 'Anual', dialog)
    await userEvent.type(within(dialog).getByLabelText('Próxima cobrança'), '2026-03-10')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Assinatura criada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/subscriptions')
    expect(await request!.json()).toEqual({
      tenantId: tenantA.id,
      clientId: maria.id,
      saleId: null,
      externalId: null,
      origin: 'manual',
      amount: '97',
      recurrence: 'annual',
      status: 'active',
      lastPaymentDate: null,
      nextBillingDate: '2026-03-10',
      lastChargeAttempt: '',
      cancellationDate: null,
    })
  })

  it('edits a subscription and toasts the update', async () => {
    const fetch = renderPage({ [`PATCH /api/subscriptions/${subscription.id}`]: () => Response.json(subscription) })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar assinatura SUB-001' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Cliente/)).toHaveTextContent('Maria Souza')
    await choose(/^Status/, 'Cancelada', dialog)
    // The last charge attempt, in São Paulo time (12:30 there is 15:30 UTC), sent back as it was.
    expect(within(dialog).getByLabelText('Última tentativa de cobrança')).toHaveValue('2025-03-10T12:30')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Assinatura atualizada')).toBeInTheDocument()
    const body = await requestsTo(fetch, 'PATCH', `/api/subscriptions/${subscription.id}`)[0]!.json()
    expect(body).toMatchObject({
      clientId: maria.id,
      amount: '97.00',
      recurrence: 'quarterly',
      status: 'cancelled',
      nextBillingDate: '2025-06-10',
      lastChargeAttempt: '2025-03-10T12:30',
    })
  })

  it("shows the server's field errors and titles the toast 'Erro ao criar/atualizar assinatura'", async () => {
    renderPage({
      'POST /api/subscriptions': () =>
        errorBody(400, 'O cliente selecionado não pertence ao tenant escolhido.', { clientId: 'O cliente selecionado não pertence ao tenant escolhido.' }),
    })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Valor/), '97')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar/atualizar assinatura')).toBeInTheDocument()
    expect(within(dialog).getByText('O cliente selecionado não pertence ao tenant escolhido.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Cliente/)).toHaveAttribute('aria-invalid', 'true')
  })
})
