import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { tenantA, tenantB, tenantsPage } from '@/features/admin-commerce/test-support'
import { ClientRobotsPage } from './licenses-page'

beforeAll(polyfillRadixSelect)

const maria = { id: '0190c0de-0000-7000-8000-0000000000c1', tenantId: tenantA.id, tenantName: tenantA.name, name: 'Maria Souza', email: 'maria@exemplo.com', status: 'active', registrationDate: '2025-03-10T15:00:00Z', createdAt: '2025-03-10T15:00:00Z' }
const pedro = { ...maria, id: '0190c0de-0000-7000-8000-0000000000c2', tenantId: tenantB.id, tenantName: tenantB.name, name: 'Pedro Lima', email: 'pedro@exemplo.com' }
const alpha = { id: '0190c0de-0000-7000-8000-0000000000r1', tenantId: tenantA.id, tenant: tenantA, name: 'Robô Alpha', platform: 'MT5', version: '1.0.0', active: true, createdAt: '2025-01-01T00:00:00Z' }
const beta = { ...alpha, id: '0190c0de-0000-7000-8000-0000000000r2', tenantId: tenantB.id, tenant: tenantB, name: 'Robô Beta' }
const sale = { id: '0190c0de-0000-7000-8000-0000000000s1', tenantId: tenantA.id, tenantName: tenantA.name, externalId: 'HP-2025-001', origin: 'hotmart', status: 'confirmed', originalCurrency: 'BRL', grossAmount: '197.00', saleDate: '2025-03-10T15:00:00Z', createdAt: '2025-03-10T15:00:00Z' }

const license = {
  id: '0190c0de-0000-7000-8000-0000000000l1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  clientId: maria.id,
  clientName: 'Maria Souza',
  clientEmail: 'maria@exemplo.com',
  robotId: alpha.id,
  robotName: 'Robô Alpha',
  saleId: sale.id,
  activationDate: '2025-03-10T15:00:00Z',
  expirationDate: '2026-03-10T15:00:00Z',
  status: 'active',
  accountNumber: '12345678',
  createdAt: '2025-03-10T15:00:00Z',
}
const orphan = { ...license, id: '0190c0de-0000-7000-8000-0000000000l2', clientId: null, clientName: null, clientEmail: null, robotId: null, robotName: null, saleId: null, accountNumber: null, status: 'trial', expirationDate: null }

/** The tenant-scoped lists answer with the records of the tenant asked for. */
const byTenant = <T extends { tenantId: string }>(records: T[]) => (_: Request, url: URL) =>
  Response.json(page(records.filter((record) => record.tenantId === url.searchParams.get('tenantId')), { pageSize: 50 }))

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(tenantsPage()),
      'GET /api/client-robots': () => Response.json(page([license, orphan])),
      'GET /api/clients': byTenant([maria, pedro]),
      'GET /api/robots': byTenant([alpha, beta]),
      'GET /api/sales': byTenant([sale]),
      ...handlers,
    }),
  )
  renderWithProviders(<ClientRobotsPage />, { path: '/client-robots' })
  return fetch
}

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nova Licença' }))
  return screen.findByRole('dialog')
}

describe('licenses page', { timeout: 30_000 }, () => {
  it('lists the licenses, naming missing clients and robots', async () => {
    renderPage()
    const row = (await screen.findByText('maria@exemplo.com')).closest('tr')!
    expect(within(row).getByText('Maria Souza')).toBeInTheDocument()
    expect(within(row).getByText('Robô Alpha')).toBeInTheDocument()
    expect(within(row).getByText('12345678')).toBeInTheDocument()
    expect(within(row).getByText('Ativa')).toBeInTheDocument()
    expect(within(row).getByText('10/03/2025')).toBeInTheDocument()
    expect(within(row).getByText('10/03/2026')).toBeInTheDocument()
    const orphanRow = screen.getByText('Cliente não encontrado').closest('tr')!
    expect(within(orphanRow).getByText('Robô não encontrado')).toBeInTheDocument()
    expect(within(orphanRow).getByText('Trial')).toBeInTheDocument()
  })

  it('shows the empty text', async () => {
    renderPage({ 'GET /api/client-robots': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma licença encontrada')).toBeInTheDocument()
  })

  it("filters by activation dates and status, and 'Limpar filtros' drops every filter", async () => {
    const fetch = renderPage()
    await screen.findByText('maria@exemplo.com')
    const lastQuery = () => new URL(requestsTo(fetch, 'GET', '/api/client-robots').at(-1)!.url).searchParams
    await userEvent.type(screen.getByLabelText('Ativação de'), '2025-01-01')
    await userEvent.type(screen.getByLabelText('até'), '2025-06-30')
    await choose('Filtrar por status', 'Expirada')
    await waitFor(() => {
      expect(lastQuery().get('from')).toBe('2025-01-01')
      expect(lastQuery().get('to')).toBe('2025-06-30')
      expect(lastQuery().get('status')).toBe('expired')
    })
    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    await waitFor(() => expect([...lastQuery().keys()].sort()).toEqual(['page', 'pageSize']))
    expect(screen.getByLabelText('Ativação de')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Limpar filtros' })).toBeDisabled()
  })

  it('asks for tenant, client and robot on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Selecione um tenant')).toBeInTheDocument()
    expect(within(dialog).getByText('Selecione um cliente')).toBeInTheDocument()
    expect(within(dialog).getByText('Selecione um robô')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/client-robots')).toHaveLength(0)
  })

  it('offers the chosen tenant’s records only and sends the empty optional fields as null', async () => {
    const fetch = renderPage({ 'POST /api/client-robots': () => Response.json(license, { status: 201 }) })
    const dialog = await openNew()
    expect(within(dialog).getByLabelText(/^Cliente/)).toBeDisabled()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await userEvent.click(within(dialog).getByLabelText(/^Robô/))
    expect(await screen.findByRole('option', { name: 'Robô Alpha' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Robô Beta' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('option', { name: 'Robô Alpha' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Licença criada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/client-robots')
    expect(await request!.json()).toEqual({
      tenantId: tenantA.id,
      clientId: maria.id,
      robotId: alpha.id,
      saleId: null,
      activationDate: null,
      expirationDate: null,
      status: 'active',
      accountNumber: null,
    })
    for (const path of ['/api/clients', '/api/robots', '/api/sales']) {
      expect(requestsTo(fetch, 'GET', path).every((r) => new URL(r.url).searchParams.get('tenantId') === tenantA.id)).toBe(true)
    }
  })

  it('searches the tenant’s clients on the server', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText('Buscar cliente'), 'mar')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/clients').at(-1)!.url).searchParams
      expect(last.get('q')).toBe('mar')
      expect(last.get('tenantId')).toBe(tenantA.id)
    })
  })

  it('clears the client, robot and sale when the tenant changes', async () => {
    renderPage()
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await choose(/^Venda/, /HP-2025-001/, dialog)
    await choose(/^Tenant/, tenantB.name, dialog)
    expect(within(dialog).getByLabelText(/^Cliente/)).not.toHaveTextContent('Maria')
    expect(within(dialog).getByLabelText(/^Robô/)).not.toHaveTextContent('Alpha')
    expect(within(dialog).getByLabelText(/^Venda/)).toHaveTextContent('Nenhuma venda')
    await userEvent.click(within(dialog).getByLabelText(/^Robô/))
    expect(await screen.findByRole('option', { name: 'Robô Beta' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Robô Alpha' })).not.toBeInTheDocument()
  })

  it('re-applies the stored choices once the tenant’s lists contain them, and saves them back', async () => {
    const fetch = renderPage({ [`PATCH /api/client-robots/${license.id}`]: () => Response.json(license) })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar licença de Maria Souza (Robô Alpha)' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(within(dialog).getByLabelText(/^Tenant/)).toHaveTextContent(tenantA.name))
    // The sale's label comes from the tenant's sale list: shown once that list holds the stored sale.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Venda/)).toHaveTextContent('HP-2025-001'))
    expect(within(dialog).getByLabelText(/^Cliente/)).toHaveTextContent('Maria Souza (maria@exemplo.com)')
    expect(within(dialog).getByLabelText(/^Robô/)).toHaveTextContent('Robô Alpha')
    expect(within(dialog).getByLabelText('Data de ativação')).toHaveValue('2025-03-10')
    expect(within(dialog).getByLabelText('Conta MT')).toHaveValue('12345678')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Licença atualizada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/client-robots/${license.id}`)
    expect(await request!.json()).toEqual({
      tenantId: tenantA.id,
      clientId: maria.id,
      robotId: alpha.id,
      saleId: sale.id,
      activationDate: '2025-03-10',
      expirationDate: '2026-03-10',
      status: 'active',
      accountNumber: '12345678',
    })
  })

  it("shows the server's tenant checks under the fields and in an 'Erro de validação' toast", async () => {
    renderPage({
      'POST /api/client-robots': () =>
        errorBody(400, 'Por favor, corrija os campos destacados.', {
          clientId: 'O cliente selecionado não pertence ao tenant escolhido.',
          robotId: 'O robô selecionado não pertence ao tenant escolhido.',
        }),
    })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro de validação')).toBeInTheDocument()
    expect(within(dialog).getByText('O cliente selecionado não pertence ao tenant escolhido.')).toBeInTheDocument()
    expect(within(dialog).getByText('O robô selecionado não pertence ao tenant escolhido.')).toBeInTheDocument()
    const toast = screen.getByText('Erro de validação').closest('li')!
    expect(toast).toHaveTextContent('O cliente selecionado não pertence ao tenant escolhido.')
  })

  it("titles other failures 'Erro ao criar/atualizar licença'", async () => {
    renderPage({ 'POST /api/client-robots': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    const dialog = await openNew()
    await choose(/^Tenant/, tenantA.name, dialog)
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar/atualizar licença')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
  })
})
