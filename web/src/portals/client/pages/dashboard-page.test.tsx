import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { BookOpenIcon, BotIcon } from 'lucide-react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { dashboard, session } from '@/features/client-area/test-support'
import { ClientDashboardPage } from './dashboard-page'

const shortcuts = [
  { label: 'Meus Robôs', path: '/robots', icon: BotIcon },
  { label: 'Área de Ensino', path: '/lessons', icon: BookOpenIcon },
]

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  mockFetch(apiRoutes({ 'GET /api/client-auth/me': () => Response.json(session), 'GET /api/client/dashboard': () => Response.json(dashboard), ...handlers }))
  renderWithProviders(<ClientDashboardPage shortcuts={shortcuts} />, { path: '/dashboard' })
}

describe('client dashboard page', () => {
  it('greets by first name and shows the active licenses and subscriptions', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
    expect(within(await screen.findByRole('group', { name: 'Licenças Ativas' })).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Assinaturas Ativas' })).getByText('1')).toBeInTheDocument()
  })

  it('links to the robots and the training area', async () => {
    renderPage()
    const links = within(await screen.findByRole('navigation', { name: 'Atalhos' }))
    expect(links.getByRole('link', { name: 'Meus Robôs' })).toHaveAttribute('href', '/robots')
    expect(links.getByRole('link', { name: 'Área de Ensino' })).toHaveAttribute('href', '/lessons')
  })

  it('lists the three getting-started steps', async () => {
    renderPage()
    const steps = within(await screen.findByRole('region', { name: 'Primeiros passos' })).getAllByRole('listitem')
    expect(steps).toHaveLength(3)
    expect(steps[0]).toHaveTextContent('.ex5')
    expect(steps[1]).toHaveTextContent('MQL5/Experts')
    expect(steps[1]).toHaveTextContent('Arquivo → Abrir Pasta de Dados → MQL5 → Experts')
    expect(steps[2]).toHaveTextContent('Área de Ensino')
  })

  it("shows 'Erro ao carregar dashboard' and still greets from the session", async () => {
    renderPage({ 'GET /api/client/dashboard': () => errorBody(500, 'Falha interna') })
    expect(await screen.findByText('Erro ao carregar dashboard')).toBeInTheDocument()
    expect(screen.getByText('Falha interna')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
  })
})
