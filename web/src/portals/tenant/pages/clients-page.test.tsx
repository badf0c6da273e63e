import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { maria, pedro } from '@/features/tenant-clients/test-support'
import { TenantClientsPage } from './clients-page'

beforeAll(polyfillRadixSelect)

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const charged = { ...pedro, chargebackAt: '2025-05-02T12:00:00Z' }
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant/clients': () => Response.json(page([maria, charged])), ...handlers }))
  renderWithProviders(<TenantClientsPage />, { queryData: [signedInOwner(role)], path: '/clients' })
  return fetch
}

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Novo Cliente' }))
  return screen.findByRole('dialog')
}

async function fillNew(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Maria Souza')
  await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'maria@exemplo.com')
  await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'segredo123')
}

describe('tenant clients page', { timeout: 30_000 }, () => {
  it('lists the clients with status, registration date and a link to their details', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument()
    const row = (await screen.findByText('Maria Souza')).closest('tr')!
    expect(within(row).getByText('maria@exemplo.com')).toBeInTheDocument()
    expect(within(row).getByText('(11) 99999-0000')).toBeInTheDocument()
    expect(within(row).getByText('Ativo')).toBeInTheDocument()
    expect(within(row).getByText('10/03/2025')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Ver Detalhes de Maria Souza' })).toHaveAttribute('href', `/clients/${maria.id}`)
    const other = screen.getByText('Pedro Lima').closest('tr')!
    expect(within(other).getByText('Suspenso')).toBeInTheDocument()
    // A buyer whose bank took a payment back is marked before the owner sells to them again.
    expect(within(other).getByTitle('O banco do comprador estornou um pagamento em 02/05/2025')).toHaveTextContent('Chargeback')
    expect(within(row).queryByText('Chargeback')).not.toBeInTheDocument()
    expect(within(other).getByText('—')).toBeInTheDocument()
    for (const header of ['Nome', 'E-mail', 'Telefone', 'Status', 'Cadastro']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(screen.getByText('2 registros')).toBeInTheDocument()
  })

  it("opens the client's details page from 'Ver Detalhes'", async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('link', { name: 'Ver Detalhes de Maria Souza' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/clients/${maria.id}`)
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/tenant/clients': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(page([])))
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar clientes' with the server's text and a retry", async () => {
    renderPage({ 'GET /api/tenant/clients': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar clientes')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('sends the search and the status filter to the server, and refreshes on demand', async () => {
    const fetch = renderPage()
    await screen.findByText('Maria Souza')
    await userEvent.type(screen.getByLabelText('Buscar por nome ou e-mail'), 'maria')
    await choose('Filtrar por status', 'Suspenso')
    const lastQuery = () => new URL(requestsTo(fetch, 'GET', '/api/tenant/clients').at(-1)!.url).searchParams
    await waitFor(() => {
      expect(lastQuery().get('q')).toBe('maria')
      expect(lastQuery().get('status')).toBe('suspended')
    })
    const before = requestsTo(fetch, 'GET', '/api/tenant/clients').length
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/clients')).toHaveLength(before + 1))
    expect(lastQuery().get('q')).toBe('maria')
  })

  it('shows the field messages on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'nao-e-email')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), '123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument()
    expect(within(dialog).getByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/clients')).toHaveLength(0)
  })

  it("creates an active client by default and toasts 'Cliente criado'", async () => {
    const fetch = renderPage({ 'POST /api/tenant/clients': () => Response.json(maria, { status: 201 }) })
    const dialog = await openNew()
    expect(within(dialog).getByLabelText(/^Status/)).toHaveTextContent('Ativo')
    await fillNew(dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Telefone/), '(11) 99999-0000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Cliente criado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/clients')
    expect(await request!.json()).toEqual({
      name: 'Maria Souza',
      email: 'maria@exemplo.com',
      phone: '(11) 99999-0000',
      password: 'segredo123',
      status: 'active',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('edits without a password: the blank password is left out and keeps the current one', async () => {
    const fetch = renderPage({ [`PATCH /api/tenant/clients/${maria.id}`]: () => Response.json({ ...maria, status: 'inactive' }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Maria Souza' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Maria Souza')
    expect(within(dialog).getByText('Deixe em branco para manter a senha atual.')).toBeInTheDocument()
    await choose(/^Status/, 'Inativo', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Cliente atualizado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/clients/${maria.id}`)
    expect(await request!.json()).toEqual({ name: 'Maria Souza', email: 'maria@exemplo.com', phone: '(11) 99999-0000', status: 'inactive' })
  })

  it('still checks a new password typed on edit', async () => {
    const fetch = renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Maria Souza' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'abc')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', `/api/tenant/clients/${maria.id}`)).toHaveLength(0)
  })

  it("puts the server's field errors under the inputs and titles the toast 'Erro ao criar cliente'", async () => {
    renderPage({
      'POST /api/tenant/clients': () => errorBody(400, 'Já existe um cliente com este e-mail.', { email: 'Já existe um cliente com este e-mail.' }),
    })
    const dialog = await openNew()
    await fillNew(dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar cliente')).toBeInTheDocument()
    const message = within(dialog).getByText('Já existe um cliente com este e-mail.')
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveFocus()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("titles a failed edit 'Erro ao atualizar cliente'", async () => {
    renderPage({ [`PATCH /api/tenant/clients/${maria.id}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Maria Souza' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar cliente')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
  })

  it('lets a Suporte owner create and edit clients, and a Financeiro owner only look', async () => {
    renderPage({}, 'support')
    expect(await screen.findByRole('button', { name: 'Editar Maria Souza' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Novo Cliente' })).toBeInTheDocument()
  })

  it('shows a Financeiro owner the clients and their details, without creating or editing', async () => {
    renderPage({}, 'financial')
    const row = (await screen.findByText('Maria Souza')).closest('tr')!
    expect(within(row).getByRole('link', { name: 'Ver Detalhes de Maria Souza' })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Editar Maria Souza' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Novo Cliente' })).not.toBeInTheDocument()
  })
})
