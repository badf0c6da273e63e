import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'
import { TENANT_SECRET_KEY } from '@/lib/api/tenant-context'
import { mockFetch, renderWithProviders } from '@/test/render'
import { TenantLayout } from './tenant-layout'

const owner = { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' }
const tenant = { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: '/uploads/logo.png', faviconUrl: null }

const encoder = new TextEncoder()

/** The owner's API with a notification stream the test writes to. */
function serveOwner(session: unknown = { user: owner, tenant }) {
  const stream: { headers?: Headers; send?: (text: string) => void } = {}
  const fetch = mockFetch((request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/api/tenant-auth/me') return Response.json(session)
    if (pathname === '/api/tenant-auth/logout') return new Response(null, { status: 204 })
    if (pathname === '/api/notifications/stream') {
      stream.headers = request.headers
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream.send = (text) => controller.enqueue(encoder.encode(text))
          request.signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')))
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
    }
    return Response.json({ message: 'não encontrado' }, { status: 404 })
  })
  return { fetch, stream }
}

function renderLayout() {
  return renderWithProviders(<TenantLayout />, { path: '/dashboard', routes: <Route path="/login" element={<p>tela de login</p>} /> })
}

describe('tenant layout', () => {
  it("shows the tenant's name and logo, 'Portal do Revendedor', the menu and the owner", async () => {
    serveOwner()
    renderLayout()
    expect(await screen.findByTestId('tenant-name')).toHaveTextContent('Loja Robôs')
    expect(screen.getAllByText(/Portal do Revendedor/).length).toBeGreaterThan(0)
    expect(screen.getByRole('img', { name: 'Logo Loja Robôs' })).toHaveAttribute('src', '/uploads/logo.png')
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' })
    expect(nav).toHaveTextContent('Vendas')
    expect(nav).toHaveTextContent('Assinaturas')
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Olívia Owner')
    expect(screen.getByText('owner@loja.com')).toBeInTheDocument()
  })

  it("shows a Suporte owner only what the role may open: no 'Configurações', dashboard, sales or team", async () => {
    serveOwner({ user: { ...owner, role: 'support' }, tenant })
    renderLayout()
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' })
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links).toEqual(['Clientes', 'Robôs', 'Fábrica de Robôs', 'Gerações de Robôs', 'Licenças'])
    expect(within(nav).queryByRole('link', { name: 'Configurações' })).not.toBeInTheDocument()
  })

  it("shows a Financeiro owner the dashboard, sales and 'Configurações', but not the e-mails or the team", async () => {
    serveOwner({ user: { ...owner, role: 'financial' }, tenant })
    renderLayout()
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Vendas' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Configurações' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'E-mails' })).not.toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Equipe' })).not.toBeInTheDocument()
  })

  it("shows an Administrador every screen, 'Equipe' last", async () => {
    serveOwner()
    renderLayout()
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' })
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links.at(-1)).toBe('Equipe')
    expect(links).toContain('Configurações')
    expect(links).toContain('E-mails')
  })

  it("falls back to 'White Label' when the tenant has no name to show", async () => {
    serveOwner({ user: owner, tenant: { ...tenant, name: ' ', displayName: null } })
    renderLayout()
    expect(await screen.findByTestId('tenant-name')).toHaveTextContent('White Label')
  })

  it("opens the owner's notification stream with the tenant key and refreshes the figures on a notification", async () => {
    localStorage.setItem(TENANT_SECRET_KEY, 'chave-da-loja')
    const { stream } = serveOwner()
    const { queryClient } = renderLayout()
    const cached = [tenantCommerceKeys.stats, tenantCommerceKeys.sales.list({ page: 1 }), tenantCommerceKeys.subscriptions.list({ page: 1 })]
    for (const key of cached) queryClient.setQueryData(key, { seeded: true })
    await waitFor(() => expect(stream.send).toBeDefined())
    expect(stream.headers!.get('X-Tenant-Secret')).toBe('chave-da-loja')
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument()

    act(() => stream.send!('event: notification\ndata: {"type":"NEW_SALE","title":"Nova venda","message":"Robô Alfa"}\n\n'))
    await waitFor(() => expect(cached.map((key) => queryClient.getQueryState(key)!.isInvalidated)).toEqual([true, true, true]))
    expect(await screen.findByRole('button', { name: 'Notificações (1)' })).toBeInTheDocument()
  })

  it("'Sair' signs out, forgets the key, drops every cached answer and opens the login", async () => {
    localStorage.setItem(TENANT_SECRET_KEY, 'chave-da-loja')
    const { fetch } = serveOwner()
    const { queryClient } = renderLayout()
    queryClient.setQueryData(tenantCommerceKeys.stats, { seeded: true })
    queryClient.setQueryData(['tenant-branding', null], { displayName: 'Loja' })
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }))
    expect(await screen.findByText('tela de login')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([request]) => (request as Request).method === 'POST' && (request as Request).url.endsWith('/api/tenant-auth/logout'))).toBe(true)
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
    expect(queryClient.getQueryData(tenantCommerceKeys.stats)).toBeUndefined()
    expect(queryClient.getQueryData(['tenant-branding', null])).toBeUndefined()
    expect(queryClient.getQueryData(['auth', 'tenant', 'session'])).toBeNull()
  })
})
