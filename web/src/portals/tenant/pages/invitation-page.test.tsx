import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { mockFetch, renderWithProviders } from '@/test/render'
import { authKeys } from '@/lib/query-keys/auth'
import { TENANT_SECRET_KEY } from '@/lib/api/tenant-context'
import { TenantInvitationPage } from './invitation-page'

const TENANT_ID = '0190c0de00007000800000000000000a'
const TOKEN = `${TENANT_ID}.${'f'.repeat(64)}`

const session = (role: 'admin' | 'support') => ({
  user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Joana', email: 'joana@loja.com', role },
  tenant: { id: '0190c0de-0000-7000-8000-00000000000a', name: 'Loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
})

const branding = () => Response.json({ name: 'Loja', displayName: 'Loja Robôs', logoUrl: null })

async function createPassword(password = 'senha-nova-1', confirmation = password) {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Nova senha'), password)
  await user.type(screen.getByLabelText('Confirmar senha'), confirmation)
  await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }))
}

describe('tenant invitation page (/convite)', () => {
  it('creates the password, signs in and opens the first screen of the role, with no key stored', async () => {
    localStorage.setItem(TENANT_SECRET_KEY, 'chave-antiga')
    const fetch = mockFetch(
      apiRoutes({
        'GET /api/public/tenant-branding': branding,
        'POST /api/tenant-auth/accept-invitation': () => Response.json(session('support')),
      }),
    )
    const { queryClient } = renderAt()
    expect(await screen.findByRole('heading', { level: 1, name: 'Loja Robôs' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Crie sua senha' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/chave/i)).not.toBeInTheDocument()
    await createPassword()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/clients'))
    const [accept] = requestsTo(fetch, 'POST', '/api/tenant-auth/accept-invitation')
    expect(await accept!.json()).toEqual({ token: TOKEN, newPassword: 'senha-nova-1' })
    expect(accept!.headers.has('X-Tenant-Secret')).toBe(false)
    expect(new URL(requestsTo(fetch, 'GET', '/api/public/tenant-branding')[0]!.url).searchParams.get('tenant')).toBe(TENANT_ID)
    expect(queryClient.getQueryData(authKeys.session('tenant'))).toEqual(session('support'))
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
  })

  it('an admin lands on the dashboard', async () => {
    mockFetch(apiRoutes({ 'GET /api/public/tenant-branding': branding, 'POST /api/tenant-auth/accept-invitation': () => Response.json(session('admin')) }))
    renderAt()
    await createPassword()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
  })

  it('checks the confirmation before sending anything', async () => {
    const fetch = mockFetch(apiRoutes({ 'GET /api/public/tenant-branding': branding }))
    renderAt()
    await createPassword('senha-nova-1', 'outra-senha')
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant-auth/accept-invitation')).toHaveLength(0)
  })

  it('an expired or used link says so and what to do, and the form goes away', async () => {
    const message = 'Convite inválido, expirado ou já aceito. Peça um novo convite a quem convidou você.'
    mockFetch(
      apiRoutes({
        'GET /api/public/tenant-branding': branding,
        'POST /api/tenant-auth/accept-invitation': () => errorBody(400, 'Dados inválidos', { token: message }),
      }),
    )
    renderAt()
    await createPassword()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByText('Convite inválido')).toBeInTheDocument()
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Entre no portal' })).toHaveAttribute('href', '/login')
    expect(screen.getByTestId('current-path')).toHaveTextContent('/convite')
  })

  it("puts the server's password message under the field", async () => {
    mockFetch(
      apiRoutes({
        'GET /api/public/tenant-branding': branding,
        'POST /api/tenant-auth/accept-invitation': () => errorBody(400, 'Dados inválidos', { newPassword: 'A senha deve ter no máximo 256 caracteres' }),
      }),
    )
    renderAt()
    await createPassword()
    expect(await screen.findByText('A senha deve ter no máximo 256 caracteres')).toBeInTheDocument()
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true')
  })

  it('a link without its token says what to do, and the portal keeps its neutral name', async () => {
    mockFetch(apiRoutes({ 'GET /api/public/tenant-branding': () => errorBody(404, 'Tenant não encontrado') }))
    renderAt('')
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal do Revendedor' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('peça um novo convite a quem convidou você')
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument()
  })
})

function renderAt(search = `?token=${TOKEN}`) {
  return renderWithProviders(<TenantInvitationPage />, { path: '/convite', initialEntry: `/convite${search}` })
}
