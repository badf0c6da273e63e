import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { jsonOf, ownerMaria, pageOf, tenantA, tenantB } from '@/features/admin-catalog/test-support'
import type { OwnerItem } from '@/features/admin-catalog/api/tenant-owners'
import { TenantOwnersPage } from './tenant-owners-page'

beforeAll(polyfillRadixSelect)

const pedro: OwnerItem = {
  ...ownerMaria,
  id: '0190c0de-0000-7000-8000-0000000000f2',
  tenantId: tenantB.id,
  tenantName: tenantB.name,
  name: 'Pedro Lima',
  email: 'pedro@alphatrade.com',
  phone: null,
  role: 'support',
  isActive: false,
  emailVerified: true,
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(pageOf([tenantA, tenantB], { pageSize: 100 })),
      'GET /api/tenant-owners': () => Response.json(pageOf([ownerMaria, pedro])),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantOwnersPage />, { path: '/tenant-owners' })
  return fetch
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Novo Owner' }))
  return screen.findByRole('dialog')
}

describe('admin tenant owners page', { timeout: 30_000 }, () => {
  it('lists the owners with tenant, role, status and e-mail verification', async () => {
    renderPage()
    const maria = await rowOf('Maria Souza')
    expect(within(maria).getByText('maria@robosdojoao.com.br')).toBeInTheDocument()
    expect(within(maria).getByText('(11) 98888-7777')).toBeInTheDocument()
    expect(within(maria).getByText(tenantA.name)).toBeInTheDocument()
    expect(within(maria).getByText('Financeiro')).toBeInTheDocument()
    expect(within(maria).getByText('Ativo')).toBeInTheDocument()
    expect(within(maria).getByText('Pendente')).toBeInTheDocument()

    const other = await rowOf('Pedro Lima')
    expect(within(other).getByText('—')).toBeInTheDocument()
    expect(within(other).getByText(tenantB.name)).toBeInTheDocument()
    expect(within(other).getByText('Suporte')).toBeInTheDocument()
    expect(within(other).getByText('Inativo')).toBeInTheDocument()
    expect(within(other).getByText('Verificado')).toBeInTheDocument()
    expect(within(other).getByRole('button', { name: 'Editar Pedro Lima' })).toBeInTheDocument()

    for (const header of ['Nome', 'Email', 'Telefone', 'Tenant', 'Função', 'Status', 'E-mail verificado']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/tenant-owners': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(pageOf([])))
    expect(await screen.findByText('Nenhum owner encontrado')).toBeInTheDocument()
  })

  it('shows the error with a retry when the list fails', async () => {
    renderPage({ 'GET /api/tenant-owners': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('sends the search and the tenant filter to the server', async () => {
    const fetch = renderPage()
    await screen.findByText('Maria Souza')
    await userEvent.type(screen.getByLabelText('Buscar por nome ou email'), 'maria')
    await choose('Filtrar por tenant', tenantB.name)
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/tenant-owners').at(-1)!.url)
      expect(last.searchParams.get('q')).toBe('maria')
      expect(last.searchParams.get('tenantId')).toBe(tenantB.id)
    })
  })

  it('shows the pt-BR messages on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'nao-e-email')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar owner' }))
    expect(await within(dialog).findByText('Selecione um tenant')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument()
    expect(within(dialog).getByText('Senha é obrigatória')).toBeInTheDocument()

    await userEvent.type(within(dialog).getByLabelText(/^Senha/), '12345')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar owner' }))
    expect(await within(dialog).findByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant-owners')).toHaveLength(0)
  })

  it("creates an owner and toasts 'Owner criado'", async () => {
    const fetch = renderPage({ 'POST /api/tenant-owners': () => Response.json(pedro, { status: 201 }) })
    const dialog = await openNew()
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Pedro Lima')
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'pedro@alphatrade.com')
    await userEvent.type(within(dialog).getByLabelText(/^Telefone/), '(21) 97777-0000')
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'segredo123')
    await choose(/^Tenant/, tenantB.name, dialog)
    await choose(/^Função/, 'Suporte', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar owner' }))
    expect(await screen.findByText('Owner criado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant-owners')
    expect(await jsonOf(request!)).toEqual({
      tenantId: tenantB.id,
      name: 'Pedro Lima',
      email: 'pedro@alphatrade.com',
      phone: '(21) 97777-0000',
      password: 'segredo123',
      role: 'support',
      isActive: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('edits an owner: a blank password is left out', async () => {
    const fetch = renderPage({ [`PATCH /api/tenant-owners/${ownerMaria.id}`]: () => Response.json({ ...ownerMaria, isActive: false }) })
    await userEvent.click(within(await rowOf('Maria Souza')).getByRole('button', { name: 'Editar Maria Souza' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue(ownerMaria.email)
    await waitFor(() => expect(within(dialog).getByLabelText(/^Tenant/)).toHaveTextContent(tenantA.name))
    expect(within(dialog).getByText('Deixe em branco para manter a senha atual.')).toBeInTheDocument()
    await choose(/^Status/, 'Inativo', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Owner atualizado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant-owners/${ownerMaria.id}`)
    expect(await jsonOf(request!)).toEqual({
      tenantId: tenantA.id,
      name: 'Maria Souza',
      email: ownerMaria.email,
      phone: ownerMaria.phone,
      role: 'financial',
      isActive: false,
    })
  })

  it("shows the server's field error and 'Erro ao criar owner'", async () => {
    renderPage({
      'POST /api/tenant-owners': () => errorBody(409, 'Já existe um owner com este e-mail', { email: 'Já existe um owner com este e-mail' }),
    })
    const dialog = await openNew()
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Maria Souza')
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), ownerMaria.email)
    await userEvent.type(within(dialog).getByLabelText(/^Senha/), 'segredo123')
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar owner' }))
    expect(await screen.findByText('Erro ao criar owner')).toBeInTheDocument()
    const message = within(dialog).getByText('Já existe um owner com este e-mail')
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })
})
