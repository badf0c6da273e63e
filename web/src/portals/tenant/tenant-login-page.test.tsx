import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { TENANT_SECRET_KEY } from '@/lib/api/tenant-context'
import { TenantLoginPage } from './tenant-login-page'

const session = {
  user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' },
  tenant: { id: '0190c0de-0000-7000-8000-000000000003', name: 'Loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText('E-mail'), 'owner@loja.com')
  await userEvent.type(screen.getByLabelText('Senha'), 'segredo123')
  await userEvent.type(screen.getByLabelText('Chave de Segurança'), 'chave-da-loja{Enter}')
}

describe('tenant login page', () => {
  it('requires e-mail, password and security key', async () => {
    const fetch = mockFetch(() => Response.json({ message: 'Não autenticado' }, { status: 401 }))
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }))
    expect(await screen.findAllByRole('alert')).toHaveLength(3)
    expect(fetch.mock.calls.map(([request]) => new URL((request as Request).url).pathname)).toEqual(['/api/tenant-auth/me'])
    expect(screen.getByRole('link', { name: /esqueceu/i })).toHaveAttribute('href', '/forgot-password')
  })

  it('stores the key, sends it as X-Tenant-Secret and opens the dashboard', async () => {
    const fetch = mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login' ? Response.json(session) : Response.json({ message: 'Não autenticado' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    const login = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/tenant-auth/login'))!
    expect(login.headers.get('X-Tenant-Secret')).toBe('chave-da-loja')
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBe('chave-da-loja')
  })

  it('opens the clients, not the dashboard, for a Suporte owner', async () => {
    const support = { ...session, user: { ...session.user, role: 'support' } }
    mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login' ? Response.json(support) : Response.json({ message: 'Não autenticado' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/clients'))
  })

  it("puts the server's field errors on the inputs, the security key included", async () => {
    mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login'
        ? Response.json({ message: 'Dados inválidos', fields: { email: 'E-mail inválido', securityKey: 'Chave de segurança é obrigatória' } }, { status: 400 })
        : Response.json({ message: 'Não autenticado' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument()
    expect(screen.getByText('Chave de segurança é obrigatória')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Chave de Segurança')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'false')
    expect(screen.getByText('Dados inválidos')).toBeInTheDocument()
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
  })

  it('shows the fallback message when the server gives none', async () => {
    mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login' ? new Response('', { status: 502 }) : Response.json({ message: 'x' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    expect(await screen.findByText('Falha no login')).toBeInTheDocument()
    expect(screen.getByText('Não foi possível fazer login. Verifique suas credenciais.')).toBeInTheDocument()
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
  })
})
