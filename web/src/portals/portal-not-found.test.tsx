import type * as React from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { InDataRouter, mockFetch } from '@/test/render'
import { RouteErrorPage } from '@/components/route-error-page'
import AdminPortal from './admin/admin-portal'
import TenantPortal from './tenant/tenant-portal'
import ClientPortal from './client/client-portal'

const tenant = { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null }
const sessions: Record<string, unknown> = {
  '/api/auth/me': { id: '0190c0de-0000-7000-8000-000000000001', username: 'admin', email: 'admin@roboforge.dev', name: 'Ana Admin', role: 'admin' },
  '/api/tenant-auth/me': { user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' }, tenant },
  '/api/client-auth/me': { user: { id: '0190c0de-0000-7000-8000-000000000004', name: 'Carla Cliente', email: 'carla@ex.com' }, tenant },
}

/** The portal, signed in, at a path no screen has. */
function renderUnknownPath(Portal: React.ComponentType) {
  mockFetch((request) => {
    const session = sessions[new URL(request.url).pathname]
    return session ? Response.json(session) : Response.json({ message: 'Não encontrado' }, { status: 404 })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <InDataRouter path="/pagina-que-nao-existe">
        <Portal />
      </InDataRouter>
    </QueryClientProvider>,
  )
}

describe('a path no screen has', () => {
  it.each([
    ['tenant', TenantPortal],
    ['client', ClientPortal],
  ] as const)('shows the %s a pt-BR not-found page with a way back to the dashboard', async (_name, Portal) => {
    renderUnknownPath(Portal)
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(/O endereço que você abriu não existe/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/dashboard')
    expect(document.body).not.toHaveTextContent(/Did you forget|router/)
  })

  it("keeps the admin's spec text (404 and its fixed sentence)", async () => {
    renderUnknownPath(AdminPortal)
    expect(await screen.findByRole('heading', { level: 1, name: '404' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
  })
})

describe('RouteErrorPage', () => {
  it("replaces react-router's English error screen when a screen throws", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): React.ReactNode {
      throw new Error('boom')
    }
    const router = createMemoryRouter([{ path: '*', element: <Broken />, errorElement: <RouteErrorPage /> }])
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/')
    expect(document.body).not.toHaveTextContent(/Unexpected Application Error|Hey developer/)
  })
})
