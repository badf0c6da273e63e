import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { ClientLoginPage } from './client-login-page'

const branding = {
  name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null, primaryColor: '#ff0000', secondaryColor: null,
  accentColor: null, backgroundColor: null, surfaceColor: null, borderColor: null, customFont: null,
}
const session = {
  user: { id: '0190c0de-0000-7000-8000-000000000004', name: 'Carla Cliente', email: 'carla@ex.com' },
  tenant: { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}

function api(routes: Record<string, () => Response>) {
  return mockFetch((request) => routes[new URL(request.url).pathname]?.() ?? Response.json({ message: 'Não autenticado' }, { status: 401 }))
}

describe('client login page', () => {
  it("shows the tenant's name and validates the password tab", async () => {
    const fetch = api({ '/api/public/tenant-branding': () => Response.json(branding) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    expect(await screen.findByRole('heading', { name: 'Loja Robôs' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('E-mail'), 'não-é-email')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument()
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes('/api/client-auth/login'))).toBe(false)
  })

  it("falls back to 'Portal do Cliente' without branding", async () => {
    api({ '/api/public/tenant-branding': () => Response.json({ message: 'Tenant não encontrado' }, { status: 404 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    expect(await screen.findByRole('heading', { name: 'Portal do Cliente' })).toBeInTheDocument()
  })

  it("puts the server's purchase-id error under that input", async () => {
    api({ '/api/client-auth/login-purchase': () => Response.json({ message: 'Dados inválidos', fields: { purchaseId: 'ID de compra deve ter no máximo 128 caracteres' } }, { status: 400 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('tab', { name: 'ID de Compra' }))
    await userEvent.type(screen.getByLabelText('E-mail'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('ID de Compra', { selector: 'input' }), 'HP123{Enter}')
    expect(await screen.findByText('ID de compra deve ter no máximo 128 caracteres')).toBeInTheDocument()
    expect(screen.getByLabelText('ID de Compra', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login')
  })

  it("shows 'Erro ao fazer login' with the fallback text", async () => {
    api({ '/api/client-auth/login': () => new Response('bad gateway', { status: 502 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.type(await screen.findByLabelText('E-mail'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('Senha'), 'x{Enter}')
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.getByText('E-mail ou senha incorretos')).toBeInTheDocument()
  })
})

describe('client login with a purchase id (two steps: the code e-mailed proves the address)', () => {
  const PURCHASE = '/api/client-auth/login-purchase'
  const sent = (message = 'Enviamos um código de 6 dígitos para ca***@ex.com. Digite-o para entrar.') =>
    Response.json({ codeRequired: true, message }, { status: 202 })

  /** Answers step one (no code) with `first` and step two (a code) with `second`; every other call is a 401. */
  function purchaseApi(first: () => Response, second: (code: string) => Response = () => Response.json(session)) {
    return mockFetch(async (request) => {
      if (new URL(request.url).pathname !== PURCHASE) return Response.json({ message: 'Não autenticado' }, { status: 401 })
      const body = (await request.clone().json()) as { code?: string }
      return body.code ? second(body.code) : first()
    })
  }

  const bodiesSent = async (fetch: ReturnType<typeof mockFetch>) =>
    Promise.all(
      fetch.mock.calls
        .map(([r]) => r as Request)
        .filter((r) => new URL(r.url).pathname === PURCHASE)
        .map((r) => r.clone().json()),
    )

  async function stepOne(user = userEvent.setup()) {
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await user.click(await screen.findByRole('tab', { name: 'ID de Compra' }))
    await user.type(screen.getByLabelText('E-mail'), 'carla@ex.com')
    await user.type(screen.getByLabelText('ID de Compra', { selector: 'input' }), ' HP123 ')
    await user.click(screen.getByRole('button', { name: 'Enviar código' }))
    return user
  }

  it('validates step one before sending anything', async () => {
    const fetch = purchaseApi(sent)
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('tab', { name: 'ID de Compra' }))
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }))
    expect(await screen.findByText('ID de compra é obrigatório')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(await bodiesSent(fetch)).toEqual([])
  })

  it("sends the code, shows the server's sentence and a one-time-code input, then signs in with the code", async () => {
    const fetch = purchaseApi(sent)
    const user = await stepOne()

    const sentence = await screen.findByText('Enviamos um código de 6 dígitos para ca***@ex.com. Digite-o para entrar.')
    expect(sentence.closest('[role="status"]')).not.toBeNull()
    const code = screen.getByLabelText('Código')
    expect(code).toHaveFocus()
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('maxlength', '6')
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login')

    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Digite o código que enviamos por e-mail')).toBeInTheDocument()
    await user.type(code, '12')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('O código tem 6 dígitos')).toBeInTheDocument()

    await user.clear(code)
    await user.type(code, '12 34-56{Enter}')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument()
    expect(await bodiesSent(fetch)).toEqual([
      { email: 'carla@ex.com', purchaseId: 'HP123' },
      { email: 'carla@ex.com', purchaseId: 'HP123', code: '123456' },
    ])
  })

  it('keeps the client on the code step with the error under the input when the code is wrong or expired', async () => {
    const wrong = 'Código inválido ou expirado. Peça um novo código.'
    purchaseApi(sent, () => Response.json({ message: wrong }, { status: 401 }))
    const user = await stepOne()
    await user.type(await screen.findByLabelText('Código'), '000000{Enter}')
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    const code = screen.getByLabelText('Código')
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'))
    expect(code).toHaveAccessibleDescription(expect.stringContaining(wrong))
    expect(code).toHaveFocus()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login')
  })

  it("puts the server's code format error under the code", async () => {
    purchaseApi(sent, () => Response.json({ message: 'Dados inválidos', fields: { code: 'O código tem 6 dígitos' } }, { status: 400 }))
    const user = await stepOne()
    await user.type(await screen.findByLabelText('Código'), '999999{Enter}')
    expect(await screen.findByText('O código tem 6 dígitos')).toBeInTheDocument()
    expect(screen.getByLabelText('Código')).toHaveAttribute('aria-invalid', 'true')
  })

  it('sends a new code on request, clearing the one typed', async () => {
    let sends = 0
    const fetch = purchaseApi(() => sent(++sends === 1 ? 'Enviamos um código de 6 dígitos para ca***@ex.com. Digite-o para entrar.' : 'Enviamos outro código.'))
    const user = await stepOne()
    await user.type(await screen.findByLabelText('Código'), '111')
    await user.click(screen.getByRole('button', { name: 'Enviar novo código' }))
    expect(await screen.findByText('Código enviado')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Código')).toHaveValue(''))
    expect(screen.getAllByText('Enviamos outro código.').length).toBeGreaterThan(0)
    expect(await bodiesSent(fetch)).toEqual([
      { email: 'carla@ex.com', purchaseId: 'HP123' },
      { email: 'carla@ex.com', purchaseId: 'HP123' },
    ])
  })

  it("says 'Erro ao enviar código' when a new code cannot be sent", async () => {
    let sends = 0
    purchaseApi(() => (++sends === 1 ? sent() : Response.json({ message: 'Muitas tentativas. Aguarde alguns minutos.' }, { status: 429 })))
    const user = await stepOne()
    await user.click(await screen.findByRole('button', { name: 'Enviar novo código' }))
    expect(await screen.findByText('Erro ao enviar código')).toBeInTheDocument()
    expect(screen.getByText('Muitas tentativas. Aguarde alguns minutos.')).toBeInTheDocument()
    expect(screen.getByLabelText('Código')).toBeInTheDocument()
  })

  it('goes back to change the e-mail or purchase id, keeping what was typed', async () => {
    const fetch = purchaseApi(sent)
    const user = await stepOne()
    await user.click(await screen.findByRole('button', { name: 'Alterar e-mail ou ID de compra' }))
    const email = screen.getByLabelText('E-mail')
    expect(email).toHaveValue('carla@ex.com')
    expect(email).toHaveFocus()
    expect(screen.getByLabelText('ID de Compra', { selector: 'input' })).toHaveValue('HP123')
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'carla.souza@ex.com{Enter}')
    expect(await screen.findByLabelText('Código')).toBeInTheDocument()
    expect((await bodiesSent(fetch)).at(-1)).toEqual({ email: 'carla.souza@ex.com', purchaseId: 'HP123' })
  })
})
