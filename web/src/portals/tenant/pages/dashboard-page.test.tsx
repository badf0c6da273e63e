import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { addDays, format } from 'date-fns'
import type { TenantStats } from '@/features/tenant-commerce/api/stats'
import { mockFetch, renderWithProviders } from '@/test/render'
import { TenantDashboardPage } from './dashboard-page'

const session = {
  user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' },
  tenant: { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}

const days = Array.from({ length: 30 }, (_, index) => format(addDays(new Date(2025, 11, 3), index), 'yyyy-MM-dd'))

const stats: TenantStats = {
  totalClients: 1234,
  activeLicenses: 87,
  monthlyRevenue: '45678.90',
  totalRobots: 5,
  performanceAlert: null,
  revenueByDay: days.map((day, index) => ({ day, revenue: index === 29 ? '497.00' : index === 10 ? '1000.00' : '0.00', sales: index === 29 ? 1 : index === 10 ? 2 : 0 })),
  licenseChecksByDay: days.map((day, index) => ({ day, checks: index * 10, installations: index })),
}

const stepKeys = ['branding', 'sender', 'robot', 'activeVersion', 'salesChannel', 'firstSale', 'portalShared']
const onboarding = (done: string[], mailDelivery = 'none') => ({
  steps: stepKeys.map((key) => ({ key, done: done.includes(key) })),
  complete: done.length === stepKeys.length,
  portalUrl: 'https://loja.com.br/login',
  mailDelivery,
})

function serve(answer: () => Response | Promise<Response> = () => Response.json(stats), progress = onboarding(['robot']), robots?: { id: string; name: string }[]) {
  return mockFetch((request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/api/tenant/robots' && robots) return Response.json({ items: robots, total: robots.length, page: 1, pageSize: 100, totalCapped: false })
    if (pathname === '/api/tenant/stats') return answer()
    if (pathname === '/api/tenant/onboarding' && request.method === 'GET') return Response.json(progress)
    if (pathname === '/api/tenant/onboarding/portal-shared') return new Response(null, { status: 204 })
    if (pathname === '/api/tenant-auth/me') return Response.json(session)
    return Response.json({ message: 'não encontrado' }, { status: 404 })
  })
}

const statsCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => new URL((input as Request).url).pathname === '/api/tenant/stats').length

/** Intl puts a no-break space after "R$"; the assertions are written with plain spaces. */
const spaced = (text: string | null | undefined) => text?.replace(/\s/g, ' ')

describe('tenant dashboard', () => {
  it('shows the four cards in pt-BR, the revenue in BRL', async () => {
    serve()
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    expect(await screen.findByRole('group', { name: 'Total de Clientes' })).toHaveTextContent('1.234')
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Licenças Ativas' })).toHaveTextContent('87')
    expect(spaced(screen.getByRole('group', { name: 'Receita do Mês' }).textContent)).toContain('R$ 45.678,90')
    expect(screen.getByRole('group', { name: 'Robôs Cadastrados' })).toHaveTextContent('5')
    expect(screen.queryByTestId('performance-alert')).not.toBeInTheDocument()
  })

  it('shows the performance alert in red with its message', async () => {
    serve(() => Response.json({ ...stats, performanceAlert: { message: 'Suas vendas dos últimos 30 dias estão abaixo de R$ 3.000.' } }))
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const alert = await screen.findByTestId('performance-alert')
    expect(alert).toHaveTextContent('Alerta de Performance')
    expect(alert).toHaveTextContent('Suas vendas dos últimos 30 dias estão abaixo de R$ 3.000.')
    expect(alert).toHaveClass('text-destructive')
  })

  it('welcomes the owner with the checklist, ticked from the server', async () => {
    serve()
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const welcome = await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })
    expect(welcome).toHaveTextContent('1 de 7 feitos')
    expect(within(welcome).getByText(/Cadastre seu primeiro robô/)).toHaveTextContent('(feito)')
    expect(within(welcome).getByText(/Publique a primeira versão/)).toHaveTextContent('(a fazer)')
    expect(within(welcome).getByText(/Personalize sua marca/)).toHaveTextContent('(a fazer)')
    expect(within(welcome).getByText(/nenhum e-mail é entregue/)).toBeInTheDocument()
    expect(within(welcome).getByRole('link', { name: 'Ir para Vendas' })).toHaveAttribute('href', '/sales')
    expect(within(welcome).getByRole('link', { name: 'Abrir E-mails' })).toHaveAttribute('href', '/email-settings')
    expect(within(welcome).getByText('https://loja.com.br/login')).toBeInTheDocument()
  })

  it("leads the Hotmart step to the first robot's Hotmart screen, or says a robot comes first", async () => {
    serve(undefined, onboarding(['robot']), [{ id: 'r1', name: 'Robô Alpha' }, { id: 'r2', name: 'Robô Beta' }])
    const first = renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const welcome = await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })
    expect(await within(welcome).findByRole('link', { name: 'Configurar a Hotmart de Robô Alpha' })).toHaveAttribute('href', '/robots/r1/hotmart')
    first.unmount()

    serve(undefined, onboarding([]), [])
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const empty = await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })
    expect(await within(empty).findByText(/Cada robô tem a sua URL de webhook: cadastre um robô primeiro/)).toBeInTheDocument()
  })

  it('marks the portal as shared when its address is copied', async () => {
    const user = userEvent.setup()
    const fetch = serve()
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const welcome = await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })
    await user.click(within(welcome).getByRole('button', { name: 'Copiar endereço' }))
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => new URL((input as Request).url).pathname === '/api/tenant/onboarding/portal-shared')).toBe(true),
    )
  })

  it('says when the checklist could not be loaded, and retries', async () => {
    const user = userEvent.setup()
    let fail = true
    mockFetch((request) => {
      const { pathname } = new URL(request.url)
      if (pathname === '/api/tenant/stats') return Response.json(stats)
      if (pathname === '/api/tenant-auth/me') return Response.json(session)
      if (pathname === '/api/tenant/onboarding') {
        return fail ? Response.json({ message: 'Serviço indisponível' }, { status: 503 }) : Response.json(onboarding(['robot']))
      }
      return Response.json({ message: 'não encontrado' }, { status: 404 })
    })
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    expect(await screen.findByText('Erro ao carregar os primeiros passos', {}, { timeout: 5000 })).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })).toHaveTextContent('1 de 7 feitos')
  })

  it('folds the checklist away when every step is done, and reopens it', async () => {
    const user = userEvent.setup()
    serve(undefined, onboarding(stepKeys, 'own'))
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    expect(await screen.findByText('Configuração inicial concluída.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Bem-vindo(a), Olívia!' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ver lista' }))
    expect(await screen.findByRole('region', { name: 'Bem-vindo(a), Olívia!' })).toHaveTextContent('7 de 7 feitos')
  })

  it('shows skeletons while loading', () => {
    mockFetch(() => new Promise<Response>(() => {}))
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    expect(screen.getByTestId('stat-cards-skeleton')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Receita dos últimos 30 dias' })).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it("says 'Erro ao carregar estatísticas' with the server's message, and retries", async () => {
    let failing = true
    const fetch = serve(() => (failing ? Response.json({ message: 'Serviço indisponível, tente em instantes' }, { status: 503 }) : Response.json(stats)))
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao carregar estatísticas')
    expect(alert).toHaveTextContent('Serviço indisponível, tente em instantes')
    failing = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('group', { name: 'Total de Clientes' })).toHaveTextContent('1.234')
    expect(statsCalls(fetch)).toBe(2)
  })

  it('draws the daily revenue of the last 30 days with a summary and a table of the values', async () => {
    serve()
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const chart = await screen.findByRole('img', { name: /^Receita dos últimos 30 dias/ })
    expect(spaced(chart.getAttribute('aria-label'))).toBe(
      'Receita dos últimos 30 dias, de 03/12 a 01/01: total de R$ 1.497,00 em 3 vendas; maior receita em 13/12, R$ 1.000,00.',
    )
    expect(chart.querySelectorAll('[data-slot="chart-bar"][data-series="revenue"]')).toHaveLength(30)
    expect(spaced(chart.querySelectorAll('title')[29]!.textContent)).toBe('01/01: R$ 497,00 · 1 venda')
    const table = screen.getByRole('table', { name: 'Receita dos últimos 30 dias' })
    expect(within(table).getAllByRole('row')).toHaveLength(31)
  })

  it('draws the license checks with the active installations line', async () => {
    serve()
    renderWithProviders(<TenantDashboardPage />, { path: '/dashboard' })
    const chart = await screen.findByRole('img', { name: /^Verificações de licença por dia/ })
    expect(chart.querySelectorAll('[data-slot="chart-bar"][data-series="checks"]')).toHaveLength(30)
    expect(chart.querySelector('polyline[data-series="installations"]')!.getAttribute('points')!.split(' ')).toHaveLength(30)
    expect(chart.getAttribute('aria-label')).toContain('Instalações ativas em 01/01: 29.')
  })
})
