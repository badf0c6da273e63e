import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { tenantA, tenantsPage } from '@/features/admin-commerce/test-support'
import { AdminClientsPage } from './clients-page'

beforeAll(polyfillRadixSelect)

const maria = {
  id: '0190c0de-0000-7000-8000-0000000000c1',
  tenantId: tenantA.id,
  tenantName: tenantA.name,
  name: 'Maria Souza',
  email: 'maria@exemplo.com',
  phone: '(11) 99999-0000',
  status: 'active',
  registrationDate: '2025-03-10T15:00:00Z',
  lastLogin: '2025-04-02T13:45:00Z',
  createdAt: '2025-03-10T15:00:00Z',
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, path = '/clients') {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenants': () => Response.json(tenantsPage()), 'GET /api/clients': () => Response.json(page([maria])), ...handlers }))
  renderWithProviders(<AdminClientsPage />, { path })
  return fetch
}

describe('admin clients page', { timeout: 30_000 }, () => {
  it('lists the clients with their tenant, status and dates', async () => {
    renderPage()
    const row = (await screen.findByText('Maria Souza')).closest('tr')!
    expect(within(row).getByText('maria@exemplo.com')).toBeInTheDocument()
    expect(within(row).getByText('(11) 99999-0000')).toBeInTheDocument()
    expect(within(row).getByText(tenantA.name)).toBeInTheDocument()
    expect(within(row).getByText('Ativo')).toBeInTheDocument()
    expect(within(row).getByText('10/03/2025')).toBeInTheDocument()
    expect(within(row).getByText(/^02\/04\/2025 \d\d:45$/)).toBeInTheDocument()
    for (const header of ['Nome', 'Email', 'Telefone', 'Tenant', 'Status', 'Data de Cadastro', 'Último Login']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(screen.getByText('1 registro')).toBeInTheDocument()
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/clients': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(page([])))
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument()
  })

  it('shows the error with a retry when the list fails', async () => {
    renderPage({ 'GET /api/clients': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('sends the search and the filters to the server and keeps them in the URL', async () => {
    const fetch = renderPage()
    await screen.findByText('Maria Souza')
    await userEvent.type(screen.getByLabelText('Buscar por nome ou email'), 'maria')
    await choose('Filtrar por status', 'Suspenso')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/clients').at(-1)!.url)
      expect(last.searchParams.get('q')).toBe('maria')
      expect(last.searchParams.get('status')).toBe('suspended')
    })
    await choose('Filtrar por tenant', tenantA.name)
    await waitFor(() => expect(new URL(requestsTo(fetch, 'GET', '/api/clients').at(-1)!.url).searchParams.get('tenantId')).toBe(tenantA.id))
  })

  it('shows the field messages on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Cliente' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'nao-e-email')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Selecione um tenant')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument()
    expect(within(dialog).getByText('Senha é obrigatória')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('type', 'email')
    expect(requestsTo(fetch, 'POST', '/api/clients')).toHaveLength(0)
  })

  it("creates a client and toasts 'Cliente criado'", async () => {
    const fetch = renderPage({ 'POST /api/clients': () => Response.json(maria, { status: 201 }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Cliente' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Maria Souza')
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'maria@exemplo.com')
    await userEvent.type(within(dialog).getByLabelText(/^Telefone/), '(11) 99999-0000')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'segredo123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Cliente criado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/clients')
    expect(await request!.json()).toEqual({
      tenantId: tenantA.id,
      name: 'Maria Souza',
      email: 'maria@exemplo.com',
      phone: '(11) 99999-0000',
      password: 'segredo123',
      status: 'active',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('edits without a password: the tenant is fixed and the blank password is left out', async () => {
    const fetch = renderPage({ 'PATCH /api/clients/0190c0de-0000-7000-8000-0000000000c1': () => Response.json(maria) })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Maria Souza' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Tenant/)).toBeDisabled()
    await waitFor(() => expect(within(dialog).getByLabelText(/^Tenant/)).toHaveTextContent(tenantA.name))
    await choose(/^Status/, 'Inativo', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Cliente atualizado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/clients/${maria.id}`)
    const body = await request!.json()
    expect(body).not.toHaveProperty('password')
    expect(body).toMatchObject({ tenantId: tenantA.id, name: 'Maria Souza', status: 'inactive' })
  })

  it("shows the server's field errors under the inputs and its message in the error toast", async () => {
    renderPage({
      'POST /api/clients': () => errorBody(400, 'Já existe um cliente com este e-mail neste tenant.', { email: 'Já existe um cliente com este e-mail neste tenant.' }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Cliente' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Maria Souza')
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'maria@exemplo.com')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'segredo123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar/atualizar cliente')).toBeInTheDocument()
    const message = within(dialog).getByText('Já existe um cliente com este e-mail neste tenant.')
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus()
  })
})
