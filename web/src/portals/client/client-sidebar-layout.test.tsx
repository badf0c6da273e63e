import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from '@/components/ui/sidebar'
import { mockFetch } from '@/test/render'
import { apiRoutes } from '@/test/api-routes'
import { ClientSidebarLayout } from './client-sidebar-layout'

const session = {
  user: { id: '0190c0de-0000-7000-8000-000000000004', name: 'Maria Souza Lima', email: 'maria@ex.com' },
  tenant: { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}

function renderLayout(onLayoutChange = vi.fn()) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/client-auth/me': () => Response.json(session),
      'POST /api/client-auth/logout': () => new Response(null, { status: 204 }),
    }),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/lessons']}>
        <Routes>
          <Route element={<ClientSidebarLayout onLayoutChange={onLayoutChange} />}>
            <Route path="lessons" element={<p>tela de treinamentos</p>} />
          </Route>
          <Route path="login" element={<p>tela de login</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { fetch, onLayoutChange }
}

describe('ClientSidebarLayout', () => {
  beforeEach(() => {
    document.cookie = `${SIDEBAR_COOKIE_NAME}=; max-age=0; path=/`
  })

  it('shows the tenant, the client menu with "Área de Ensino", and the client with initials, e-mail and "Sair"', async () => {
    renderLayout()
    expect(await screen.findByText('tela de treinamentos')).toBeInTheDocument()
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Loja Robôs')

    const nav = screen.getByRole('navigation', { name: 'Navegação principal' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Meus Robôs', '/robots'],
      ['Assinaturas', '/subscriptions'],
      ['Minhas compras', '/purchases'],
      ['Área de Ensino', '/lessons'],
      ['Meu perfil', '/profile'],
    ])
    expect(within(nav).getByRole('link', { name: 'Área de Ensino' })).toHaveAttribute('aria-current', 'page')

    expect(screen.getByText('MS')).toBeInTheDocument()
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Maria Souza Lima')
    expect(screen.getByText('maria@ex.com')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }))
    expect(await screen.findByText('tela de login')).toBeInTheDocument()
  })

  it('collapses with ctrl+B and keeps that in a cookie for 7 days', async () => {
    const cookieWrites = vi.spyOn(document, 'cookie', 'set')
    renderLayout()
    await screen.findByText('tela de treinamentos')
    const sidebar = document.querySelector('[data-slot="sidebar"]')
    expect(sidebar).toHaveAttribute('data-state', 'expanded')

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true })
    expect(sidebar).toHaveAttribute('data-state', 'collapsed')
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604800)
    expect(cookieWrites).toHaveBeenLastCalledWith(expect.stringMatching(new RegExp(`^${SIDEBAR_COOKIE_NAME}=false;.*max-age=604800`)))
    cookieWrites.mockRestore()
  })

  it('offers the header layout back, marking the sidebar as the current one', async () => {
    const { onLayoutChange } = renderLayout()
    await screen.findByText('tela de treinamentos')
    expect(screen.getByRole('button', { name: 'Menu lateral' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Menu superior' }))
    expect(onLayoutChange).toHaveBeenCalledWith('header')
  })
})
