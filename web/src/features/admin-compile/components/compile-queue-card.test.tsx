import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { busyQueue, joaoQueue, otherAlert, stalledAlert, traderQueue } from '../test-support'
import type { CompileQueue } from '../api/compile-queue'
import { CompileQueueCard } from './compile-queue-card'
import { PlatformAlerts } from './platform-alerts'

afterEach(() => vi.useRealTimers())

function renderQueue(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/compile-queue': () => Response.json(busyQueue()), ...handlers }))
  renderWithProviders(
    <>
      <PlatformAlerts />
      <CompileQueueCard />
    </>,
    { path: '/compile-agents' },
  )
  return fetch
}

const queueTable = () => screen.getByRole('table', { name: 'Fila por tenant' })
const rowOf = async (tenant: string) => (await within(queueTable()).findByText(tenant)).closest('tr')!

describe('compile queue card', { timeout: 30_000 }, () => {
  it('lists per tenant the jobs waiting, compiling and the oldest wait', async () => {
    renderQueue()
    expect(screen.getByRole('heading', { level: 2, name: 'Fila por tenant' })).toBeInTheDocument()
    for (const header of ['Tenant', 'Na fila', 'Compilando', 'Espera mais antiga']) {
      expect(within(queueTable()).getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    const joao = await rowOf(joaoQueue.tenantName)
    expect(within(joao).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Robôs do João', '3', '1', '1 h 5 min'])
    expect(within(joao).getByText('1 h 5 min')).toHaveAttribute('title', expect.stringMatching(/^Na fila desde 12\/03\/2025 \d\d:33$/))
    // Waiting past 10 minutes stands out.
    expect(within(joao).getByText('1 h 5 min')).toHaveClass('text-amber-600')

    const trader = await rowOf(traderQueue.tenantName)
    expect(within(trader).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Trader Pro', '0', '2', '—'])
  })

  it("says 'Nenhum job na fila.' when nothing waits or compiles", async () => {
    renderQueue({ 'GET /api/compile-queue': () => Response.json({ tenants: [], alerts: [] }) })
    expect(await screen.findByText('Nenhum job na fila.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Alertas da fila de compilação' })).not.toBeInTheDocument()
  })

  it('shows the error with a retry when the queue cannot be read', async () => {
    let fail = true
    renderQueue({ 'GET /api/compile-queue': () => (fail ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json(busyQueue())) })
    expect(await within(queueTable()).findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    fail = false
    await userEvent.click(within(queueTable()).getByRole('button', { name: 'Tentar novamente' }))
    expect(await rowOf(joaoQueue.tenantName)).toBeInTheDocument()
  })

  it('asks the server again every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = renderQueue()
    await rowOf(joaoQueue.tenantName)
    // The alerts and the card share one request.
    expect(requestsTo(fetch, 'GET', '/api/compile-queue')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(8000)
    expect(requestsTo(fetch, 'GET', '/api/compile-queue')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2500)
    await vi.waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-queue')).toHaveLength(2), { timeout: 1000, interval: 20 })
  })
})

describe('platform alerts', { timeout: 30_000 }, () => {
  it('shows each alert not yet seen as a warning, with its tenant, message and time', async () => {
    renderQueue()
    const region = await screen.findByRole('region', { name: 'Alertas da fila de compilação' })
    const items = within(region).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('Job sem agente — Robôs do João')).toBeInTheDocument()
    expect(within(items[0]!).getByText(stalledAlert.message)).toBeInTheDocument()
    expect(within(items[0]!).getByText(/^em 12\/03\/2025 \d\d:03$/)).toBeInTheDocument()
    // An alert without a tenant is titled by its kind alone.
    expect(within(items[1]!).getByText('Job sem agente')).toBeInTheDocument()
    const button = within(items[0]!).getByRole('button', { name: 'Marcar como visto' })
    expect(button).toHaveAccessibleDescription(stalledAlert.message)
  })

  it("removes an alert once 'Marcar como visto' is answered", async () => {
    let queue: CompileQueue = busyQueue()
    const fetch = renderQueue({
      'GET /api/compile-queue': () => Response.json(queue),
      [`POST /api/platform-alerts/${stalledAlert.id}/acknowledge`]: () => {
        queue = { ...queue, alerts: [otherAlert] }
        return new Response(null, { status: 204 })
      },
    })
    const region = await screen.findByRole('region', { name: 'Alertas da fila de compilação' })
    const first = within(region).getByText(stalledAlert.message).closest('li')!
    await userEvent.click(within(first).getByRole('button', { name: 'Marcar como visto' }))
    await waitFor(() => expect(screen.queryByText(stalledAlert.message)).not.toBeInTheDocument())
    expect(screen.getByText(otherAlert.message)).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/platform-alerts/${stalledAlert.id}/acknowledge`)).toHaveLength(1)
  })

  it('keeps the alert and says why when marking it fails', async () => {
    renderQueue({ [`POST /api/platform-alerts/${stalledAlert.id}/acknowledge`]: () => errorBody(404, 'Alerta não encontrado') })
    const region = await screen.findByRole('region', { name: 'Alertas da fila de compilação' })
    const first = within(region).getByText(stalledAlert.message).closest('li')!
    await userEvent.click(within(first).getByRole('button', { name: 'Marcar como visto' }))
    expect(await screen.findByText('Erro ao marcar alerta como visto')).toBeInTheDocument()
    expect(screen.getByText('Alerta não encontrado')).toBeInTheDocument()
    expect(within(region).getByText(stalledAlert.message)).toBeInTheDocument()
  })
})
