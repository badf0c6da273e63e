import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import type { ClientProfile } from '@/features/client-area/api/profile'
import { ClientProfilePage } from './profile-page'

const profile: ClientProfile = { name: 'Carla Cliente Souza', email: 'carla@ex.com', createdAt: '2025-01-10T12:00:00Z', hasPassword: true }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/client/profile': () => Response.json(profile),
      'GET /api/client-auth/me': () => Response.json({ user: { id: 'c', name: profile.name, email: profile.email }, tenant: {} }),
      'GET /api/client/dashboard': () => Response.json({}),
      ...handlers,
    }),
  )
  renderWithProviders(<ClientProfilePage />, { path: '/profile' })
  return fetch
}

const nameForm = () => screen.findByRole('form', { name: 'Dados pessoais' })
const passwordForm = (name = 'Alterar senha') => screen.findByRole('form', { name })

describe('client profile page', { timeout: 20_000 }, () => {
  it('shows the name, e-mail and since when, and saves a new name', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'PATCH /api/client/profile': async (request) => Response.json({ ...profile, ...(await request.clone().json()) }) })
    expect(screen.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeInTheDocument()
    const form = await nameForm()
    expect(screen.getByText('carla@ex.com')).toBeInTheDocument()
    expect(screen.getByText('10/01/2025')).toBeInTheDocument()
    const name = within(form).getByLabelText('Nome')
    expect(name).toHaveValue('Carla Cliente Souza')
    await user.clear(name)
    await user.type(name, 'Carla Souza')
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }))
    expect(await screen.findByText('Nome atualizado.')).toBeInTheDocument()
    const [sent] = requestsTo(fetch, 'PATCH', '/api/client/profile')
    expect(await sent.json()).toEqual({ name: 'Carla Souza' })
  })

  it('refuses an empty or too long name before sending', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    const form = await nameForm()
    await user.clear(within(form).getByLabelText('Nome'))
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }))
    expect(await within(form).findByText('Nome é obrigatório')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Nome'), 'a'.repeat(101))
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }))
    expect(await within(form).findByText('Nome deve ter no máximo 100 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', '/api/client/profile')).toHaveLength(0)
  })

  it('changes the password: confirmation checked here, a wrong current one shown under its field', async () => {
    const user = userEvent.setup()
    let attempts = 0
    const fetch = renderPage({
      'POST /api/client/password': () => {
        attempts += 1
        return attempts === 1
          ? errorBody(400, 'Dados inválidos', { currentPassword: 'Senha atual incorreta' })
          : Response.json({ message: 'Senha alterada. As outras sessões desta conta foram encerradas.' })
      },
    })
    const form = await passwordForm()
    await user.type(within(form).getByLabelText('Senha atual'), 'errada')
    await user.type(within(form).getByLabelText('Nova senha'), 'novaSenha1')
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'outraSenha')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    expect(await within(form).findByText('As senhas não coincidem')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/client/password')).toHaveLength(0)

    await user.clear(within(form).getByLabelText('Confirmar nova senha'))
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'novaSenha1')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    expect(await within(form).findByText('Senha atual incorreta')).toBeInTheDocument()

    await user.clear(within(form).getByLabelText('Senha atual'))
    await user.type(within(form).getByLabelText('Senha atual'), 'segredo123')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    expect((await screen.findAllByText('Senha alterada. As outras sessões desta conta foram encerradas.')).length).toBeGreaterThan(0)
    const sent = requestsTo(fetch, 'POST', '/api/client/password')
    expect(await sent[1].json()).toEqual({ currentPassword: 'segredo123', newPassword: 'novaSenha1' })
    expect(screen.getByText(/Esqueci minha senha/)).toBeInTheDocument()
  })

  it('lets a buyer who came by purchase id create a first password without a current one', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'GET /api/client/profile': () => Response.json({ ...profile, hasPassword: false }),
      'POST /api/client/password': () => Response.json({ message: 'Senha criada.' }),
    })
    const form = await passwordForm('Criar senha')
    expect(within(form).queryByLabelText('Senha atual')).not.toBeInTheDocument()
    await user.type(within(form).getByLabelText('Nova senha'), 'primeira1')
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'primeira1')
    await user.click(within(form).getByRole('button', { name: 'Criar senha' }))
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/api/client/password')).toHaveLength(1))
    expect(await requestsTo(fetch, 'POST', '/api/client/password')[0].json()).toEqual({ currentPassword: null, newPassword: 'primeira1' })
  })

  it('says when the profile cannot be loaded, with a retry', async () => {
    renderPage({ 'GET /api/client/profile': () => errorBody(500, 'Falha interna') })
    expect(await screen.findByText('Erro ao carregar perfil')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument()
  })
})
