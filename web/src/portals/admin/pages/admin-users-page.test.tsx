import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import type { AdminUserItem } from '@/features/admin-users/api/admin-users'
import { AdminUsersPage } from './admin-users-page'

const ana: AdminUserItem = {
  id: '0190c0de-0000-7000-8000-0000000000a1',
  username: 'ana',
  name: 'Ana Admin',
  email: 'ana@roboforge.com.br',
  role: 'admin',
  isActive: true,
  createdAt: '2025-01-10T12:00:00Z',
}
const bruno: AdminUserItem = { ...ana, id: '0190c0de-0000-7000-8000-0000000000a2', username: 'bruno', name: 'Bruno Lima', email: 'bruno@roboforge.com.br' }
const carla: AdminUserItem = { ...ana, id: '0190c0de-0000-7000-8000-0000000000a3', username: 'carla', name: 'Carla Dias', email: 'carla@roboforge.com.br', isActive: false }
const LAST = 'Este é o último administrador ativo: ative ou crie outro administrador antes de desativar este.'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/auth/me': () => Response.json({ id: ana.id, username: 'ana', email: ana.email, name: ana.name, role: 'admin' }),
      'GET /api/users': () => Response.json(page([ana, bruno, carla])),
      ...handlers,
    }),
  )
  renderWithProviders(<AdminUsersPage />, { path: '/users' })
  return fetch
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

describe('admin users page (Usuários)', { timeout: 30_000 }, () => {
  it('lists the admins with their status, marks the signed-in one, and searches on the server', async () => {
    const fetch = renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Usuários' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nome', 'Usuário', 'E-mail', 'Status', 'Criado em', 'Ações'])
    const mine = await rowOf('Ana Admin')
    expect(within(mine).getByText('você')).toBeInTheDocument()
    expect(within(mine).getByText('Ativo')).toBeInTheDocument()
    expect(within(await rowOf('Carla Dias')).getByText('Inativo')).toBeInTheDocument()
    expect(within(await rowOf('Carla Dias')).getByRole('button', { name: 'Reativar Carla Dias' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Buscar por nome, usuário ou e-mail'), 'bru')
    await waitFor(() => expect(new URL(requestsTo(fetch, 'GET', '/api/users').at(-1)!.url).searchParams.get('q')).toBe('bru'))
  })

  it('creates an admin with the server’s rules, and shows its field errors', async () => {
    const user = userEvent.setup()
    let answer = () => errorBody(400, 'Este nome de usuário já está em uso', { username: 'Este nome de usuário já está em uso' })
    const fetch = renderPage({ 'POST /api/users': () => answer() })
    await user.click(await screen.findByRole('button', { name: 'Novo usuário' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }))
    expect(await within(dialog).findByText('Usuário deve ter no mínimo 3 caracteres')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/users')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText(/^Usuário/), 'bruno')
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Outro Bruno')
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'outro@roboforge.com.br')
    await user.type(within(dialog).getByLabelText(/^Senha/), 'segredo456')
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }))
    expect(await within(dialog).findByText('Este nome de usuário já está em uso')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'POST', '/api/users')[0]!.json()).toEqual({
      username: 'bruno',
      name: 'Outro Bruno',
      email: 'outro@roboforge.com.br',
      password: 'segredo456',
    })

    answer = () => Response.json({ id: 'novo', username: 'bruno2', email: 'outro@roboforge.com.br', name: 'Outro Bruno', role: 'admin' }, { status: 201 })
    await user.clear(within(dialog).getByLabelText(/^Usuário/))
    await user.type(within(dialog).getByLabelText(/^Usuário/), 'bruno2')
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }))
    expect(await screen.findByText('Usuário criado')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('deactivates an admin after a confirmation, and reactivates one', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      [`POST /api/users/${bruno.id}/deactivate`]: () => Response.json({ ...bruno, isActive: false }),
      [`POST /api/users/${carla.id}/reactivate`]: () => Response.json({ ...carla, isActive: true }),
    })
    await user.click(within(await rowOf('Bruno Lima')).getByRole('button', { name: 'Desativar Bruno Lima' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Desativar Bruno Lima?' })
    expect(confirm).toHaveTextContent('as sessões abertas dela são encerradas agora')
    await user.click(within(confirm).getByRole('button', { name: 'Desativar' }))
    expect(await screen.findByText('Usuário desativado')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/users/${bruno.id}/deactivate`)).toHaveLength(1)

    await user.click(within(await rowOf('Carla Dias')).getByRole('button', { name: 'Reativar Carla Dias' }))
    expect(await screen.findByText('Usuário reativado')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/users/${carla.id}/reactivate`)).toHaveLength(1)
  })

  it('shows the refusal to deactivate the last active admin', async () => {
    const user = userEvent.setup()
    renderPage({ [`POST /api/users/${ana.id}/deactivate`]: () => errorBody(409, LAST) })
    await user.click(within(await rowOf('Ana Admin')).getByRole('button', { name: 'Desativar Ana Admin' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Você perderá o acesso ao painel agora mesmo.')
    await user.click(within(confirm).getByRole('button', { name: 'Desativar' }))
    expect(await screen.findByText('Erro ao desativar usuário')).toBeInTheDocument()
    expect(screen.getByText(LAST)).toBeInTheDocument()
  })

  it('sets a new password, typed twice', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PUT /api/users/${bruno.id}/password`]: () => Response.json(bruno) })
    await user.click(within(await rowOf('Bruno Lima')).getByRole('button', { name: 'Redefinir senha de Bruno Lima' }))
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir senha de Bruno Lima' })
    expect(dialog).toHaveTextContent('As sessões abertas de bruno serão encerradas.')
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova-senha-789')
    await user.type(within(dialog).getByLabelText(/^Confirme a nova senha/), 'outra-coisa')
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }))
    expect(await within(dialog).findByText('As senhas não conferem')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText(/^Confirme a nova senha/))
    await user.type(within(dialog).getByLabelText(/^Confirme a nova senha/), 'nova-senha-789')
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }))
    expect(await screen.findByText('Senha redefinida')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PUT', `/api/users/${bruno.id}/password`)[0]!.json()).toEqual({ password: 'nova-senha-789' })
  })

  it("says 'Erro ao carregar usuários'", async () => {
    renderPage({ 'GET /api/users': () => errorBody(503, 'Servidor ocupado') })
    expect(await screen.findByText('Erro ao carregar usuários')).toBeInTheDocument()
  })
})
