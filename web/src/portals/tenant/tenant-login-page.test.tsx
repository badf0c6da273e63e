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
    expect(fetch.mock.calls.map(([request]) => new URL((request as Request).url).pathname).sort()).toEqual(['/api/tenant-auth/device', '/api/tenant-auth/me'])
    expect(screen.getByRole('link', { name: /esqueceu/i })).toHaveAttribute('href', '/forgot-password')
  })

  it('sends the typed key as X-Tenant-Secret, keeps it nowhere and opens the dashboard', async () => {
    const fetch = mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login' ? Response.json(session) : Response.json({ message: 'Não autenticado' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    const login = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/tenant-auth/login'))!
    expect(login.headers.get('X-Tenant-Secret')).toBe('chave-da-loja')
    // The server's HttpOnly tenant pass stands for the key from now on.
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
  })

  it('forgets a key an older portal stored once the owner signs in again', async () => {
    localStorage.setItem(TENANT_SECRET_KEY, 'chave-antiga')
    mockFetch((request) =>
      new URL(request.url).pathname === '/api/tenant-auth/login' ? Response.json(session) : Response.json({ message: 'Não autenticado' }, { status: 401 }),
    )
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await fillAndSubmit()
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
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

describe('tenant login page on a browser that holds the tenant pass', () => {
  function passBrowser(answerLogin: (request: Request) => Response = () => Response.json(session)) {
    return mockFetch((request) => {
      const path = new URL(request.url).pathname
      if (path === '/api/tenant-auth/device') return Response.json({ keyNeeded: false, tenantName: 'Loja Robôs' })
      if (path === '/api/tenant-auth/login') return answerLogin(request)
      return Response.json({ message: 'Não autenticado' }, { status: 401 })
    })
  }

  it('asks for e-mail and password only, names the tenant, and sends no key', async () => {
    const fetch = passBrowser()
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    expect(await screen.findByTestId('signing-in-to')).toHaveTextContent('Entrando em Loja Robôs')
    expect(screen.queryByLabelText('Chave de Segurança')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('E-mail'), 'owner@loja.com')
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123{Enter}')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
    const login = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/tenant-auth/login'))!
    expect(login.headers.has('X-Tenant-Secret')).toBe(false)
    expect(await login.json()).toEqual({ email: 'owner@loja.com', password: 'segredo123' })
  })

  it('"Usar chave de segurança" shows the key field, which is then required and sent', async () => {
    const fetch = passBrowser()
    renderWithProviders(<TenantLoginPage />, { path: '/login' })
    await userEvent.click(await screen.findByRole('button', { name: 'Usar chave de segurança' }))
    expect(screen.getByLabelText('Chave de Segurança')).toBeInTheDocument()
    expect(screen.queryByTestId('signing-in-to')).not.toBeInTheDocument()
    // The revealed field takes the focus on the next frame: wait for it, or (under load) the focus moves there in the
    // middle of typing the e-mail and the keystrokes land in the key field.
    await waitFor(() => expect(screen.getByLabelText('Chave de Segurança')).toHaveFocus())
    await userEvent.type(screen.getByLabelText('E-mail'), 'owner@loja.com')
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Chave de segurança é obrigatória', {}, { timeout: 5_000 })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Chave de Segurança'), 'outra-chave{Enter}')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'), { timeout: 5_000 })
    const login = fetch.mock.calls.map(([request]) => request as Request).find((r) => r.url.endsWith('/api/tenant-auth/login'))!
    expect(login.headers.get('X-Tenant-Secret')).toBe('outra-chave')
    // Typing three fields key by key takes seconds when the suite loads both cores.
  }, 15_000)
})
