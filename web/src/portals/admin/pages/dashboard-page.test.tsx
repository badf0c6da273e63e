import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { addDays, addMonths, format } from 'date-fns'
import { QueryClient } from '@tanstack/react-query'
import { invalidateDashboardOn, useDashboardLiveRefresh } from '@/features/admin-dashboard/api/live-refresh'
import { dashboardKeys } from '@/lib/query-keys/admin-dashboard'
import { type DashboardActivity, type DashboardStats } from '@/features/admin-dashboard/api/dashboard'
import { mockFetch, renderWithProviders } from '@/test/render'
import { AdminDashboardPage } from './dashboard-page'

const stats: DashboardStats = {
  totalTenants: 1234,
  activeTenants: 1100,
  totalClients: 56789,
  totalRobots: 42,
  monthlySales: 318,
  monthlyRevenue: '45678.90',
  activeSubscriptions: 77,
  trends: { tenants: 12.5, clients: -8.3, robots: null, sales: 0, revenue: 32, subscriptions: null },
}

const months = Array.from({ length: 12 }, (_, index) => ({
  month: format(addMonths(new Date(2025, 1, 1), index), 'yyyy-MM-dd'),
  revenue: index === 11 ? '1234.56' : `${(index + 1) * 100}.00`,
  sales: index === 11 ? 3 : index === 0 ? 1 : index,
}))

const days = Array.from({ length: 30 }, (_, index) => ({
  day: format(addDays(new Date(2025, 11, 3), index), 'yyyy-MM-dd'),
  checks: index * 10,
  installations: index,
}))

const emptyActivity: DashboardActivity = {
  recentTenants: [],
  recentSales: [],
  performanceAlerts: [],
  revenueByMonth: months,
  licenseChecksByDay: days,
}

const activity: DashboardActivity = {
  ...emptyActivity,
  recentTenants: [
    { id: '0190c0de-0000-7000-8000-0000000000a1', name: 'Alpha Trade', url: 'alpha.com.br', status: 'active', createdAt: '2026-01-15T15:00:00Z' },
  ],
  recentSales: [
    {
      id: '0190c0de-0000-7000-8000-0000000000b1',
      externalId: 'HP1234567',
      tenantName: 'Alpha Trade',
      grossAmount: '1997.00',
      status: 'confirmed',
      origin: 'hotmart',
      saleDate: '2026-01-20T15:30:00Z',
      createdAt: '2026-01-20T15:30:00Z',
    },
    {
      id: 'abcdef12-3456-7000-8000-0000000000b2',
      externalId: null,
      tenantName: 'Beta Robôs',
      grossAmount: '97.50',
      status: 'refunded',
      origin: 'manual',
      saleDate: null,
      createdAt: '2026-01-19T15:30:00Z',
    },
  ],
  performanceAlerts: [
    { tenantId: '0190c0de-0000-7000-8000-0000000000c1', tenantName: 'Gamma Lenta', revenueLast30Days: '1250.00', createdAt: '2025-06-10T15:00:00Z' },
  ],
}

/** The health panel's answer when nothing needs the admin (its own tests are in health-panel.test.tsx). */
const healthy = {
  agentsOnline: 1,
  agentsTotal: 1,
  agents: { level: 'ok', message: '1 de 1 agente online.', fixPath: '/compile-agents' },
  jobsWaiting: 0,
  oldestWaitingJob: null,
  queue: { level: 'ok', message: 'Nenhuma compilação aguardando.', fixPath: '/compile-agents' },
  aiModelConfigured: true,
  aiModel: 'gpt-4o-mini',
  ai: { level: 'ok', message: 'Modelo de IA configurado: gpt-4o-mini.', fixPath: '/ai-usage' },
  platformMailConfigured: true,
  tenantsWithoutSender: 0,
  mail: { level: 'ok', message: 'E-mail da plataforma configurado.', fixPath: '/mail' },
}

function serveDashboard(answer: { stats?: () => Response; activity?: () => Response } = {}) {
  return mockFetch((request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/api/dashboard/stats') return answer.stats?.() ?? Response.json(stats)
    if (pathname === '/api/dashboard/activity') return answer.activity?.() ?? Response.json(activity)
    if (pathname === '/api/admin/health') return Response.json(healthy)
    return Response.json({ message: 'não encontrado' }, { status: 404 })
  })
}

const callsTo = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([input]) => new URL((input as Request).url).pathname === path).length

/** Intl puts a no-break space after "R$"; the assertions are written with plain spaces. */
const spaced = (text: string | null | undefined) => text?.replace(/\s/g, ' ')
const accessibleName = (element: Element) => spaced(element.getAttribute('aria-label'))

const card = (title: string) => screen.getByRole('group', { name: title })

describe('admin dashboard: cards', () => {
  it("shows the API's numbers in pt-BR, money in BRL", async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    expect(await screen.findByRole('group', { name: 'Total de Tenants' })).toHaveTextContent('1.234')
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(card('Tenants Ativos')).toHaveTextContent('1.100')
    expect(card('Total de Clientes')).toHaveTextContent('56.789')
    expect(card('Robôs Cadastrados')).toHaveTextContent('42')
    expect(card('Vendas do Mês')).toHaveTextContent('318')
    expect(card('Receita do Mês')).toHaveTextContent('R$ 45.678,90')
    expect(card('Assinaturas Ativas')).toHaveTextContent('77')
  })

  it('labels positive trends in green, negative in red and missing ones as without data', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const tenants = within(await screen.findByRole('group', { name: 'Total de Tenants' })).getByText('+12,5% vs mês anterior').parentElement!
    expect(tenants).toHaveAttribute('data-trend', 'up')
    expect(tenants.className).toMatch(/emerald/)
    const clients = within(card('Total de Clientes')).getByText('-8,3% vs mês anterior').parentElement!
    expect(clients).toHaveAttribute('data-trend', 'down')
    expect(clients).toHaveClass('text-destructive')
    expect(within(card('Robôs Cadastrados')).getByText('Sem dados do mês anterior')).toBeInTheDocument()
    expect(within(card('Assinaturas Ativas')).getByText('Sem dados do mês anterior')).toBeInTheDocument()
    expect(within(card('Vendas do Mês')).getByText('0% vs mês anterior').parentElement).toHaveAttribute('data-trend', 'flat')
    expect(within(card('Receita do Mês')).getByText('+32% vs mês anterior')).toBeInTheDocument()
  })

  it('shows skeletons while loading', async () => {
    mockFetch(() => new Promise<Response>(() => {}))
    renderWithProviders(<AdminDashboardPage />)
    expect(screen.getByTestId('stat-cards-skeleton')).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Recent Tenants' })
    expect(panel.querySelectorAll('[data-slot="skeleton-row"]')).toHaveLength(5)
    expect(screen.queryByText('Nenhum tenant cadastrado ainda')).not.toBeInTheDocument()
  })

  it("shows the server's message and retries with 'Tentar novamente'", async () => {
    let failing = true
    const fetch = serveDashboard({
      stats: () => (failing ? Response.json({ message: 'Serviço indisponível, tente em instantes' }, { status: 503 }) : Response.json(stats)),
    })
    renderWithProviders(<AdminDashboardPage />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar os indicadores')
    expect(alert).toHaveTextContent('Serviço indisponível, tente em instantes')
    failing = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('group', { name: 'Total de Tenants' })).toHaveTextContent('1.234')
    expect(callsTo(fetch, '/api/dashboard/stats')).toBe(2)
  })
})

describe('admin dashboard: panels', () => {
  it('shows the empty texts when there are no tenants, sales or alerts', async () => {
    serveDashboard({ activity: () => Response.json(emptyActivity) })
    renderWithProviders(<AdminDashboardPage />)
    expect(await screen.findByText('Nenhum tenant cadastrado ainda')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma venda registrada ainda')).toBeInTheDocument()
    const alerts = screen.getByRole('region', { name: 'Alertas de Performance' })
    expect(within(alerts).getByText('Nenhum alerta no momento')).toBeInTheDocument()
    expect(within(alerts).getByText('Tenants com vendas abaixo de R$ 3.000 por mês após 90 dias aparecerão aqui.')).toBeInTheDocument()
  })

  it('lists the recent tenants and sales', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const tenants = await screen.findByRole('region', { name: 'Recent Tenants' })
    const tenantRow = (await within(tenants).findByText('Alpha Trade')).closest('tr')!
    expect(tenantRow).toHaveTextContent('alpha.com.br')
    expect(tenantRow).toHaveTextContent('Ativo')
    expect(tenantRow).toHaveTextContent('15/01/2026')

    const sales = screen.getByRole('region', { name: 'Recent Sales' })
    const [, withExternalId, withoutExternalId] = within(sales).getAllByRole('row')
    expect(withExternalId).toHaveTextContent('HP1234567')
    expect(withExternalId).toHaveTextContent('Alpha Trade')
    expect(withExternalId).toHaveTextContent('R$ 1.997,00')
    expect(withExternalId).toHaveTextContent('Confirmada')
    expect(withExternalId).toHaveTextContent('20/01/2026')
    expect(within(sales).getByRole('columnheader', { name: 'Valor' })).toBeInTheDocument()
    expect(withoutExternalId).toHaveTextContent('abcdef12')
    expect(withoutExternalId).not.toHaveTextContent('abcdef12-')
    expect(withoutExternalId).toHaveTextContent('R$ 97,50')
    expect(withoutExternalId).toHaveTextContent('Reembolsada')
  })

  it('shows a performance alert with the revenue of the last 30 days and since when', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const alerts = await screen.findByRole('region', { name: 'Alertas de Performance' })
    const row = (await within(alerts).findByText('Gamma Lenta')).closest('li')!
    expect(row).toHaveTextContent('R$ 1.250,00 nos últimos 30 dias')
    expect(row).toHaveTextContent('Desde 10/06/2025')
    expect(within(alerts).queryByText('Nenhum alerta no momento')).not.toBeInTheDocument()
  })
})

describe('admin dashboard: charts', () => {
  it('draws one bar per month with an accessible summary and a table of the values', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const chart = await screen.findByRole('img', { name: /^Receita dos últimos 12 meses/ })
    expect(accessibleName(chart)).toBe(
      'Receita dos últimos 12 meses, de fevereiro de 2025 a janeiro de 2026: total de R$ 7.834,56 em 59 vendas; maior receita em janeiro de 2026, R$ 1.234,56.',
    )
    expect(chart.querySelectorAll('[data-slot="chart-bar"]')).toHaveLength(12)
    const titles = [...chart.querySelectorAll('title')].map((title) => spaced(title.textContent))
    expect(titles).toHaveLength(12)
    expect(titles[0]).toBe('fev/25: R$ 100,00 · 1 venda')
    expect(titles[11]).toBe('jan/26: R$ 1.234,56 · 3 vendas')
    expect(screen.getByText('jan/26')).toBeInTheDocument()
    // Every other month is labelled, counted back from the newest, so twelve labels do not run together.
    expect(screen.getByText('jan/26')).not.toHaveClass('invisible')
    expect(screen.getByText('dez/25')).toHaveClass('invisible')
    expect(screen.getByText('nov/25')).not.toHaveClass('invisible')

    const table = screen.getByRole('table', { name: 'Receita dos últimos 12 meses' })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(within(table).getByRole('rowheader', { name: 'janeiro de 2026' }).closest('tr')).toHaveTextContent('R$ 1.234,56')
  })

  it('draws one bar per day of license checks and the active installations line', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const chart = await screen.findByRole('img', { name: /^Verificações de licença por dia/ })
    expect(accessibleName(chart)).toBe(
      'Verificações de licença por dia, últimos 30 dias, de 03/12 a 01/01: 4.350 verificações, média de 145 por dia; pico em 01/01 com 290. Instalações ativas em 01/01: 29.',
    )
    expect(chart.querySelectorAll('[data-slot="chart-bar"][data-series="checks"]')).toHaveLength(30)
    expect(chart.querySelector('polyline[data-series="installations"]')!.getAttribute('points')!.split(' ')).toHaveLength(30)
    expect(chart.querySelectorAll('title')[1]!.textContent).toBe('04/12: 10 verificações · 1 instalação ativa')
    expect(screen.getByText('Instalações ativas', { selector: 'figcaption *' })).toBeInTheDocument()

    const table = screen.getByRole('table', { name: 'Verificações de licença por dia' })
    expect(within(table).getAllByRole('row')).toHaveLength(31)
    expect(within(table).getByRole('columnheader', { name: 'Instalações ativas' })).toBeInTheDocument()
  })

  it('shows the hovered bar in a tooltip and follows the arrow keys', async () => {
    serveDashboard()
    renderWithProviders(<AdminDashboardPage />)
    const chart = await screen.findByRole('img', { name: /^Receita dos últimos 12 meses/ })
    await userEvent.hover(chart.querySelectorAll('[data-slot="chart-hit-area"]')[10]!)
    expect(screen.getByText('dez/25: R$ 1.100,00 · 10 vendas', { selector: 'div' })).toBeInTheDocument()
    await userEvent.unhover(chart)
    chart.focus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByText('dez/25: R$ 1.100,00 · 10 vendas', { selector: 'div' })).toBeInTheDocument()
  })
})

function LiveRefreshProbe({ type }: { type: string }) {
  const refresh = useDashboardLiveRefresh()
  return (
    <button type="button" onClick={() => refresh({ type })}>
      notificar
    </button>
  )
}

describe('admin dashboard: live refresh', () => {
  it('refetches the cards and the activity on a NEW_SALE notification', async () => {
    const fetch = serveDashboard()
    renderWithProviders(
      <>
        <AdminDashboardPage />
        <LiveRefreshProbe type="NEW_SALE" />
      </>,
    )
    await screen.findByRole('group', { name: 'Total de Tenants' })
    await screen.findByText('HP1234567')
    expect(callsTo(fetch, '/api/dashboard/stats')).toBe(1)
    expect(callsTo(fetch, '/api/dashboard/activity')).toBe(1)
    await act(() => userEvent.click(screen.getByRole('button', { name: 'notificar' })))
    await waitFor(() => expect(callsTo(fetch, '/api/dashboard/stats')).toBe(2))
    await waitFor(() => expect(callsTo(fetch, '/api/dashboard/activity')).toBe(2))
  })

  it('ignores notifications that do not change the numbers', async () => {
    const fetch = serveDashboard()
    const { queryClient } = renderWithProviders(
      <>
        <AdminDashboardPage />
        <LiveRefreshProbe type="connected" />
      </>,
    )
    await screen.findByRole('group', { name: 'Total de Tenants' })
    await screen.findByText('HP1234567')
    await userEvent.click(screen.getByRole('button', { name: 'notificar' }))
    expect(queryClient.isFetching()).toBe(0)
    // The two dashboard calls and the health panel's, once each.
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('invalidates both dashboard queries on sales, refunds and cancellations only', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(dashboardKeys.stats(), stats)
    queryClient.setQueryData(dashboardKeys.activity(), activity)
    const stale = () => [dashboardKeys.stats(), dashboardKeys.activity()].map((key) => queryClient.getQueryState(key)!.isInvalidated)

    for (const type of ['connected', 'SOMETHING_ELSE']) expect(invalidateDashboardOn(queryClient, { type })).toBe(false)
    expect(stale()).toEqual([false, false])
    for (const type of ['NEW_SALE', 'REFUND', 'SUBSCRIPTION_CANCELLED']) {
      queryClient.setQueryData(dashboardKeys.stats(), stats)
      queryClient.setQueryData(dashboardKeys.activity(), activity)
      expect(invalidateDashboardOn(queryClient, { type })).toBe(true)
      expect(stale()).toEqual([true, true])
    }
  })
})
