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
    await userEvent.type(screen.getByLabelText('Email'), 'não-é-email')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Email inválido')).toBeInTheDocument()
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes('/api/client-auth/login'))).toBe(false)
  })

  it("falls back to 'Portal do Cliente' without branding", async () => {
    api({ '/api/public/tenant-branding': () => Response.json({ message: 'Tenant não encontrado' }, { status: 404 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    expect(await screen.findByRole('heading', { name: 'Portal do Cliente' })).toBeInTheDocument()
  })

  it('logs in with a purchase id and greets with a success toast', async () => {
    const fetch = api({ '/api/client-auth/login-purchase': () => Response.json(session) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('tab', { name: 'ID de Compra' }))
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('ID de compra é obrigatório')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Email'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('ID de Compra', { selector: 'input' }), 'HP123{Enter}')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument()
    const login = fetch.mock.calls.map(([r]) => r as Request).find((r) => r.url.includes('/api/client-auth/login-purchase'))!
    expect(await login.json()).toEqual({ email: 'carla@ex.com', purchaseId: 'HP123' })
  })

  it("puts the server's purchase-id error under that input", async () => {
    api({ '/api/client-auth/login-purchase': () => Response.json({ message: 'Dados inválidos', fields: { purchaseId: 'ID de compra deve ter no máximo 128 caracteres' } }, { status: 400 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('tab', { name: 'ID de Compra' }))
    await userEvent.type(screen.getByLabelText('Email'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('ID de Compra', { selector: 'input' }), 'HP123{Enter}')
    expect(await screen.findByText('ID de compra deve ter no máximo 128 caracteres')).toBeInTheDocument()
    expect(screen.getByLabelText('ID de Compra', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login')
  })

  it("shows 'Erro ao fazer login' with the fallback text", async () => {
    api({ '/api/client-auth/login': () => new Response('bad gateway', { status: 502 }) })
    renderWithProviders(<ClientLoginPage />, { path: '/login' })
    await userEvent.type(await screen.findByLabelText('Email'), 'carla@ex.com')
    await userEvent.type(screen.getByLabelText('Senha'), 'x{Enter}')
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument()
    expect(screen.getByText('Email ou senha incorretos')).toBeInTheDocument()
  })
})
