import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { mockFetch } from '@/test/render'
import { apiRoutes } from '@/test/api-routes'
import { dashboard, session } from '@/features/client-area/test-support'
import { CLIENT_LAYOUT_KEY } from './client-layout-choice'
import ClientPortal from './client-portal'

/** The signed-in client portal at /dashboard, as a fresh visit (new query cache, same localStorage). */
function visitDashboard() {
  mockFetch(apiRoutes({ 'GET /api/client-auth/me': () => Response.json(session), 'GET /api/client/dashboard': () => Response.json(dashboard) }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <ClientPortal />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const menu = () => within(screen.getByRole('navigation', { name: 'Navegação principal' }))

describe('client portal layout choice', () => {
  it('starts with the header layout: top menu with "Área de Ensino" and the footer', async () => {
    visitDashboard()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
    expect(menu().getByRole('link', { name: 'Área de Ensino' })).toBeInTheDocument()
    expect(menu().getByRole('link', { name: 'Minhas compras' })).toHaveAttribute('href', '/purchases')
    // "Meu perfil" is the person's name in the header.
    expect(screen.getByTestId('current-user-name').closest('a')).toHaveAttribute('href', '/profile')
    expect(screen.getByRole('button', { name: 'Menu superior' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText(`© ${new Date().getFullYear()} Loja Robôs`)).toBeInTheDocument()
  })

  it('switches to the sidebar and back, and remembers the choice on the next visit', async () => {
    const first = visitDashboard()
    await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })

    await userEvent.click(screen.getByRole('button', { name: 'Menu lateral' }))
    expect(menu().getByRole('link', { name: 'Área de Ensino' })).toBeInTheDocument()
    // The sidebar's footer names the signed-in client (the getting-started steps may name the same e-mail).
    expect(screen.getByText('carla@ex.com', { selector: '[data-slot="sidebar-footer"] span' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
    expect(localStorage.getItem(CLIENT_LAYOUT_KEY)).toBe('sidebar')

    first.unmount()
    visitDashboard()
    await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })
    expect(menu().getByRole('link', { name: 'Área de Ensino' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Menu superior' }))
    expect(menu().getByRole('link', { name: 'Área de Ensino' })).toBeInTheDocument()
    expect(localStorage.getItem(CLIENT_LAYOUT_KEY)).toBe('header')
  })
})
