import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import type { PlatformHealth } from '../api/dashboard'
import { HealthPanel, waitedFor } from './health-panel'

const firstDay: PlatformHealth = {
  agentsOnline: 0,
  agentsTotal: 0,
  agents: { level: 'critical', message: 'Nenhum agente de compilação cadastrado: importações não compilam.', fixPath: '/compile-agents' },
  jobsWaiting: 1,
  oldestWaitingJob: {
    id: '0190c0de-0000-7000-8000-0000000000c1',
    tenantId: '0190c0de-0000-7000-8000-0000000000a1',
    tenantName: 'Loja Alpha',
    robotName: 'Robô Alpha',
    waitingSeconds: 540,
  },
  queue: { level: 'critical', message: '1 compilação aguardando; a mais antiga (Robô Alpha, de Loja Alpha) espera há 9 minutos.', fixPath: '/compile-agents' },
  aiModelConfigured: false,
  aiModel: null,
  ai: { level: 'warning', message: 'Nenhum modelo de IA configurado.', fixPath: '/ai-usage' },
  platformMailConfigured: true,
  tenantsWithoutSender: 0,
  mail: { level: 'ok', message: 'E-mail da plataforma configurado.', fixPath: '/mail' },
}

function renderPanel(answer: () => Response) {
  mockFetch(apiRoutes({ 'GET /api/admin/health': answer }))
  renderWithProviders(<HealthPanel />)
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('li')!

describe('admin health panel', () => {
  it('shows each part red, amber or green, with a link to the screen that fixes each problem', async () => {
    renderPanel(() => Response.json(firstDay))
    const agents = await rowOf('Agentes de compilação')
    expect(agents).toHaveAttribute('data-level', 'critical')
    expect(agents).toHaveTextContent('0 de 0 online')
    expect(within(agents).getByRole('link', { name: /Resolver/ })).toHaveAttribute('href', '/compile-agents')

    const queue = await rowOf('Fila de compilação')
    expect(queue).toHaveTextContent('1 aguardando · mais antiga há 9 minutos')
    expect(queue).toHaveTextContent('Robô Alpha, de Loja Alpha')

    const ai = await rowOf('Modelo de IA')
    expect(ai).toHaveAttribute('data-level', 'warning')
    expect(within(ai).getByRole('link', { name: /Resolver/ })).toHaveAttribute('href', '/ai-usage')

    const mail = await rowOf('E-mail da plataforma')
    expect(mail).toHaveAttribute('data-level', 'ok')
    expect(within(mail).queryByRole('link')).not.toBeInTheDocument()
  })

  it('says when the health cannot be read, with a retry', async () => {
    renderPanel(() => errorBody(500, 'Falha interna'))
    expect(await screen.findByText('Não foi possível carregar a saúde da plataforma')).toBeInTheDocument()
  })

  it('tells a wait in minutes or hours', () => {
    expect(waitedFor(30)).toBe('há menos de 1 minuto')
    expect(waitedFor(60)).toBe('há 1 minuto')
    expect(waitedFor(540)).toBe('há 9 minutos')
    expect(waitedFor(7300)).toBe('há 2 horas')
  })
})
