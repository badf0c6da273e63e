import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { Toaster } from '@/components/ui/toaster'
import { apiRoutes, requestsTo } from '@/test/api-routes'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { ownerSession } from '@/features/tenant-access/test-support'
import { mockFetch } from '@/test/render'
import TenantPortal from './tenant-portal'

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>
}

/** An owner of `role` signed in, opening `path` of the portal; the API answers `handlers` (anything else 404). */
function renderPortal(role: OwnerRole, path: string, handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant-auth/me': () => Response.json(ownerSession(role)), ...handlers }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TenantPortal />
        <CurrentPath />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
  return { fetch, queryClient }
}

const noAccess = () => screen.findByRole('heading', { level: 1, name: 'Seu perfil não tem acesso a esta área.' }, { timeout: 5000 })

describe('tenant portal by role', { timeout: 30_000 }, () => {
  it('shows a Suporte owner who opens the settings URL the no-access page, with the way back to the clients', async () => {
    const { fetch } = renderPortal('support', '/settings')
    const heading = await noAccess()
    const page = heading.closest('[role="alert"]') as HTMLElement
    expect(page).toHaveTextContent('Você entrou com o perfil Suporte.')
    expect(within(page).getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/clients')
    // Neither the settings screen nor the theme asked for settings a Suporte owner may not read.
    expect(requestsTo(fetch, 'GET', '/api/tenant/settings')).toHaveLength(0)
    expect(screen.queryByRole('link', { name: 'Configurações' })).not.toBeInTheDocument()
  })

  it('shows the no-access page on the routes each role may not open', async () => {
    renderPortal('financial', '/team')
    await noAccess()
  })

  it('sends a signed-in Suporte owner from /login to the clients', async () => {
    renderPortal('support', '/login')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/clients'))
  })

  it('sends a signed-in Financeiro owner from /login to the dashboard', async () => {
    renderPortal('financial', '/login')
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'))
  })

  it('opens the team page for an Administrador', async () => {
    renderPortal('admin', '/team', { 'GET /api/tenant/team': () => Response.json([]) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipe' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByText('Seu perfil não tem acesso a esta área.')).not.toBeInTheDocument()
  })

  it('leads a Suporte owner from a page that does not exist back to the clients', async () => {
    renderPortal('support', '/nao-existe')
    // Once the session says who it is (before, the link leads to the dashboard).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/clients'))
  })
})
