import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { BookOpenIcon, BotIcon } from 'lucide-react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { alphaLicense, dashboard, gammaLicense, licenses, session } from '@/features/client-area/test-support'
import { ClientDashboardPage } from './dashboard-page'

const shortcuts = [
  { label: 'Meus Robôs', path: '/robots', icon: BotIcon },
  { label: 'Área de Ensino', path: '/lessons', icon: BookOpenIcon },
]

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  mockFetch(
    apiRoutes({
      'GET /api/client-auth/me': () => Response.json(session),
      'GET /api/client/dashboard': () => Response.json(dashboard),
      'GET /api/client/licenses': () => Response.json(licenses([alphaLicense, gammaLicense])),
      ...handlers,
    }),
  )
  renderWithProviders(<ClientDashboardPage shortcuts={shortcuts} />, { path: '/dashboard' })
}

describe('client dashboard page', () => {
  it('greets by first name and shows the active licenses and subscriptions', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
    expect(within(await screen.findByRole('group', { name: 'Licenças Ativas' })).getByText('2')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Assinaturas Ativas' })).getByText('1')).toBeInTheDocument()
  })

  it("shows the seller's contact e-mail when the seller set one, and nothing otherwise", async () => {
    renderPage({ 'GET /api/client/dashboard': () => Response.json({ ...dashboard, sellerContactEmail: 'suporte@loja.com' }) })
    const contact = await screen.findByTestId('seller-contact')
    expect(within(contact).getByRole('link', { name: 'suporte@loja.com' })).toHaveAttribute('href', 'mailto:suporte@loja.com')
  })

  it('invents no contact when the seller set none', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
    await screen.findByRole('group', { name: 'Licenças Ativas' })
    expect(screen.queryByTestId('seller-contact')).not.toBeInTheDocument()
  })

  it('links to the robots and the training area', async () => {
    renderPage()
    const links = within(await screen.findByRole('navigation', { name: 'Atalhos' }))
    expect(links.getByRole('link', { name: 'Meus Robôs' })).toHaveAttribute('href', '/robots')
    expect(links.getByRole('link', { name: 'Área de Ensino' })).toHaveAttribute('href', '/lessons')
  })

  it('lists the getting-started steps, ticking from the licenses, with the URL to allow', async () => {
    renderPage()
    const region = await screen.findByRole('region', { name: 'Primeiros passos' })
    const list = within(region).getByRole('list', { name: 'Passos para usar o robô' })
    const steps = within(list).getAllByRole('listitem')
    expect(steps).toHaveLength(6)
    // Gama (a trial, a personal build) still waits for its account and never downloaded or ran.
    await waitFor(() => expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['pending', 'pending', 'done', 'info', 'info', 'pending']))
    expect(within(region).getByTestId('getting-started-web-request-url')).toHaveTextContent('https://loja.roboforge.com')
    expect(within(region).getByRole('button', { name: 'Confirmar conta MT5 de Robô Gama' })).toBeInTheDocument()
    // Alpha's copy is not personal: its e-mail is the session's.
    expect(within(region).getByTestId('getting-started-identification')).toHaveTextContent('(Robô Alpha)')
    expect(within(region).getByTestId('getting-started-identification')).toHaveTextContent('carla@ex.com')
  })

  it("shows 'Erro ao carregar dashboard' and still greets from the session", async () => {
    renderPage({ 'GET /api/client/dashboard': () => errorBody(500, 'Falha interna') })
    expect(await screen.findByText('Erro ao carregar dashboard')).toBeInTheDocument()
    expect(screen.getByText('Falha interna')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Carla!' })).toBeInTheDocument()
  })
})
