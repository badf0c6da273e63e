import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { SidebarPortalLayout } from './sidebar-portal-layout'
import { SignedInRoutes, SignInPortalRoutes } from './sign-in-portal-routes'
import { managementScreens } from './management-screens'
import { menuOf, sidebarMenuOf } from './screens'

const signedIn = (
  <SignedInRoutes layout={<p>área logada</p>}>
    <Route path="dashboard" element={<p>dashboard</p>} />
  </SignedInRoutes>
)

function renderPortalRoutes(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SignInPortalRoutes loginPage={<p>login</p>} signedIn={signedIn} />
    </MemoryRouter>,
  )
}

describe('SignInPortalRoutes', () => {
  it('opens at the login', () => {
    renderPortalRoutes('/')
    expect(screen.getByText('login')).toBeInTheDocument()
  })

  it('has the password screens and a 404 leading to the dashboard', () => {
    renderPortalRoutes('/forgot-password')
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeInTheDocument()
    renderPortalRoutes('/nada')
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/dashboard')
  })

  it("shows the portal's own password screens when it has them", () => {
    const renderAt = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <SignInPortalRoutes
            loginPage={<p>login</p>}
            forgotPasswordPage={<p>recuperar</p>}
            resetPasswordPage={<p>redefinir</p>}
            signedIn={signedIn}
          />
        </MemoryRouter>,
      )
    renderAt('/forgot-password')
    expect(screen.getByText('recuperar')).toBeInTheDocument()
    renderAt('/reset-password?token=x')
    expect(screen.getByText('redefinir')).toBeInTheDocument()
  })
})

describe('SidebarPortalLayout', () => {
  it('shows brand, navigation with the current entry marked, the user and a working "Sair"', async () => {
    const logout = { mutate: vi.fn(), isPending: false }
    render(
      <MemoryRouter initialEntries={['/robots']}>
        <Routes>
          <Route
            element={
              <SidebarPortalLayout
                brand={{ name: 'Loja', caption: 'Portal do Revendedor', nameTestId: 'tenant-name' }}
                navigationLabel="Gestão"
                navigation={[managementScreens.clients, managementScreens.robots]}
                user={{ name: 'Olívia Owner', email: 'owner@loja.com' }}
                logout={logout}
                header={<span>topo</span>}
              />
            }
          >
            <Route path="robots" element={<p>tela de robôs</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Loja')
    expect(screen.getByText('Gestão')).toBeInTheDocument()
    expect(screen.getByText('tela de robôs')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' })
    expect(nav.querySelector('[data-active="true"]')).toHaveTextContent('Robôs')
    expect(screen.getByTestId('current-user-name')).toHaveTextContent('Olívia Owner')
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }))
    expect(logout.mutate).toHaveBeenCalledOnce()
  })
})

describe('menuOf and sidebarMenuOf', () => {
  const screens = [
    { ...managementScreens.robots, element: null },
    { ...managementScreens.clients, sidebarLabel: 'Pessoas', element: null },
    { ...managementScreens.clients, path: '/clients/new', inMenu: false, element: null },
  ]

  it("list the menu screens in order; the sidebar uses a screen's sidebar label where it has one", () => {
    expect(menuOf(screens).map((item) => item.label)).toEqual([managementScreens.robots.label, managementScreens.clients.label])
    expect(sidebarMenuOf(screens).map((item) => [item.label, item.path])).toEqual([
      [managementScreens.robots.label, managementScreens.robots.path],
      ['Pessoas', managementScreens.clients.path],
    ])
  })
})
