import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { busyQueue, compilingAgent, dedicatedPool, defaultPool, idleAgent, revokedAgent } from '@/features/admin-compile/test-support'
import { CompileAgentsPage } from './compile-agents-page'

beforeAll(polyfillRadixSelect)
afterEach(() => vi.useRealTimers())

const token = 'rfa_9fQ2sLx81ZkP0aWvYc3nR7tB5mHdE4uJ'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/compile-agents': () => Response.json([idleAgent, compilingAgent, revokedAgent]),
      'GET /api/compile-pools': () => Response.json([dedicatedPool, defaultPool]),
      'GET /api/compile-queue': () => Response.json(busyQueue()),
      'POST /api/compile-agents': () =>
        Response.json({ agent: { ...idleAgent, id: '0190c0de-0000-7000-8000-0000000000b9', name: 'win-build-02', lastHeartbeatAt: null }, token }, { status: 201 }),
      [`DELETE /api/compile-agents/${idleAgent.id}`]: () => Response.json({ ...idleAgent, active: false, state: 'offline', revokedAt: '2025-03-13T10:00:00Z' }),
      ...handlers,
    }),
  )
  renderWithProviders(<CompileAgentsPage />, { path: '/compile-agents' })
  return fetch
}

const rowOf = async (name: string) => (await within(agentsTable()).findByText(name)).closest('tr')!
const agentsTable = () => screen.getByRole('table', { name: 'Agentes de compilação' })

async function register(name: string, platform?: string) {
  // The pools loaded: the dialog then starts on the default one.
  await screen.findByText('Clientes VIP', { selector: 'td' })
  await userEvent.click(screen.getByRole('button', { name: 'Registrar agente' }))
  const dialog = await screen.findByRole('dialog')
  await userEvent.type(within(dialog).getByLabelText(/^Nome/), name)
  if (platform) await choose(/^Plataforma/, platform, dialog)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
  return dialog
}

describe('admin compile agents page', { timeout: 30_000 }, () => {
  it('lists each agent with platform, state, heartbeat, current job, counters, token prefix and status', async () => {
    renderPage()
    const idle = await rowOf('win-build-01')
    expect(within(idle).getByText('Windows')).toBeInTheDocument()
    expect(within(idle).getByText('Ocioso')).toBeInTheDocument()
    expect(within(idle).getByText(/^12\/03\/2025 \d\d:45:07$/)).toBeInTheDocument()
    expect(within(idle).getByText(/^há \d+ (s|min|h|dias?)$/)).toBeInTheDocument()
    expect(within(idle).getByText('42')).toBeInTheDocument()
    expect(within(idle).getByText('3')).toBeInTheDocument()
    expect(within(idle).getByText('rfa_3k9x…')).toBeInTheDocument()
    expect(within(idle).getByText('Ativo')).toBeInTheDocument()
    expect(within(idle).getByRole('button', { name: 'Revogar agente win-build-01' })).toBeInTheDocument()

    const compiling = await rowOf('wine-01')
    expect(within(compiling).getByText('Wine (Linux)')).toBeInTheDocument()
    expect(within(compiling).getByText('Compilando')).toBeInTheDocument()
    expect(within(compiling).getByTitle(compilingAgent.currentJobId!)).toHaveTextContent(/^9f1e2d3c$/)

    const revoked = await rowOf('old-box')
    expect(within(revoked).getByText('Offline')).toBeInTheDocument()
    expect(within(revoked).getByText('Revogado')).toBeInTheDocument()
    expect(within(revoked).getByText(/^em 20\/02\/2025 \d\d:00$/)).toBeInTheDocument()
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows skeleton rows while loading, then the empty state with a hint to register', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/compile-agents': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await within(agentsTable()).findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json([]))
    expect(await screen.findByText(/^Nenhum agente registrado\. Use “Registrar agente”/)).toBeInTheDocument()
  })

  it('asks the server again every 5 seconds', async () => {
    // Real time still runs the clock (findByText needs it); the test moves it on by the interval.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = renderPage()
    await screen.findByText('win-build-01')
    expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(4000)
    expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1500)
    // A short wait for the request to go out: a longer one would itself move the fake clock past the next interval.
    await vi.waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(2), { timeout: 1000, interval: 20 })
  })

  it('registers an agent and shows its token once, with the configuration lines and copy buttons', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    await screen.findByText('win-build-01')
    await register('win-build-02', 'Wine (Linux)')

    const tokenDialog = await screen.findByRole('dialog', { name: 'Agente registrado' })
    expect(within(tokenDialog).getByTestId('agent-token')).toHaveTextContent(token)
    expect(within(tokenDialog).getByText(/não será mostrado novamente/)).toBeInTheDocument()
    expect(within(tokenDialog).getByTestId('agent-config').textContent).toBe(`AGENT_API_URL=${window.location.origin}\nAGENT_TOKEN=${token}`)
    expect(await requestsTo(fetch, 'POST', '/api/compile-agents')[0]!.json()).toEqual({ name: 'win-build-02', platform: 'wine', poolId: defaultPool.id })
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(2))

    await user.click(within(tokenDialog).getByRole('button', { name: 'Copiar token' }))
    expect(await navigator.clipboard.readText()).toBe(token)
    await user.click(within(tokenDialog).getByRole('button', { name: 'Copiar configuração' }))
    expect(await navigator.clipboard.readText()).toBe(`AGENT_API_URL=${window.location.origin}\nAGENT_TOKEN=${token}`)

    await user.click(within(tokenDialog).getByRole('button', { name: 'Já copiei o token' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText(token)).not.toBeInTheDocument()
    expect(document.body.textContent).not.toContain(token)
  })

  it('registers on Windows in the default pool unless told otherwise', async () => {
    const fetch = renderPage()
    await rowOf('win-build-01')
    await screen.findByText('Clientes VIP', { selector: 'td' })
    await userEvent.click(screen.getByRole('button', { name: 'Registrar agente' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Pool')).toHaveTextContent('Padrão (padrão)')
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), '  win-build-02  ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    await screen.findByRole('dialog', { name: 'Agente registrado' })
    expect(await requestsTo(fetch, 'POST', '/api/compile-agents')[0]!.json()).toEqual({ name: 'win-build-02', platform: 'windows', poolId: defaultPool.id })
  })

  it('registers an agent in the pool chosen', async () => {
    const fetch = renderPage()
    await screen.findByText('Clientes VIP', { selector: 'td' })
    await userEvent.click(screen.getByRole('button', { name: 'Registrar agente' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'vip-01')
    await choose('Pool', 'Clientes VIP', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    await screen.findByRole('dialog', { name: 'Agente registrado' })
    expect(await requestsTo(fetch, 'POST', '/api/compile-agents')[0]!.json()).toEqual({ name: 'vip-01', platform: 'windows', poolId: dedicatedPool.id })
  })

  it("shows each agent's pool by name", async () => {
    renderPage()
    expect(screen.getByRole('columnheader', { name: 'Pool' })).toBeInTheDocument()
    expect(await within(await rowOf('win-build-01')).findByText('Padrão')).toBeInTheDocument()
    expect(await within(await rowOf('wine-01')).findByText('Clientes VIP')).toBeInTheDocument()
    expect(within(await rowOf('old-box')).queryByRole('button', { name: /^Mover para pool/ })).not.toBeInTheDocument()
  })

  it('moves an agent to another pool', async () => {
    const fetch = renderPage({ [`PATCH /api/compile-agents/${idleAgent.id}`]: () => Response.json({ ...idleAgent, poolId: dedicatedPool.id }) })
    await screen.findByText('Clientes VIP', { selector: 'td' })
    await userEvent.click(within(await rowOf('win-build-01')).getByRole('button', { name: 'Mover para pool: win-build-01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mover win-build-01 para outro pool' })
    expect(within(dialog).getByLabelText(/^Pool/)).toHaveTextContent('Padrão (padrão)')
    await choose(/^Pool/, 'Clientes VIP', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Agente movido')).toBeInTheDocument()
    expect(screen.getByText('win-build-01 agora atende o pool Clientes VIP.')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PATCH', `/api/compile-agents/${idleAgent.id}`)[0]!.json()).toEqual({ poolId: dedicatedPool.id })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(2))
    expect(requestsTo(fetch, 'GET', '/api/compile-pools').length).toBeGreaterThanOrEqual(2)
  })

  it("keeps the move dialog open with the server's message under the pool", async () => {
    renderPage({ [`PATCH /api/compile-agents/${idleAgent.id}`]: () => errorBody(400, 'Verifique os campos', { poolId: 'Pool não encontrado' }) })
    await screen.findByText('Clientes VIP', { selector: 'td' })
    await userEvent.click(within(await rowOf('win-build-01')).getByRole('button', { name: 'Mover para pool: win-build-01' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Pool/, 'Clientes VIP', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao mover agente')).toBeInTheDocument()
    expect(within(dialog).getByText('Pool não encontrado')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Pool/)).toHaveTextContent('Clientes VIP')
  })

  it('shows the alerts, the queue per tenant and the pools around the agents', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 2, name: 'Fila por tenant' })).toBeInTheDocument()
    const alerts = await screen.findByRole('region', { name: 'Alertas da fila de compilação' })
    expect(within(alerts).getAllByRole('button', { name: 'Marcar como visto' })).toHaveLength(2)
    const queue = screen.getByRole('table', { name: 'Fila por tenant' })
    expect(await within(queue).findByText('1 h 5 min')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Pools de agentes' })).toBeInTheDocument()
    expect(await screen.findByText('Padrão — atende todos os tenants que não estão em outro pool')).toBeInTheDocument()
  })

  it('requires a name of at most 100 characters before sending', async () => {
    const fetch = renderPage()
    await screen.findByText('win-build-01')
    await userEvent.click(screen.getByRole('button', { name: 'Registrar agente' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByLabelText(/^Nome/))
    await userEvent.paste('x'.repeat(101))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Nome deve ter no máximo 100 caracteres')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/compile-agents')).toHaveLength(0)
  })

  it("shows the server's field error (a name already in use) and keeps the dialog open", async () => {
    renderPage({ 'POST /api/compile-agents': () => errorBody(400, 'Verifique os campos', { name: 'Já existe um agente com este nome' }) })
    await screen.findByText('win-build-01')
    const dialog = await register('win-build-01')
    expect(await screen.findByText('Erro ao registrar agente')).toBeInTheDocument()
    const message = within(dialog).getByText('Já existe um agente com este nome')
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(screen.queryByRole('dialog', { name: 'Agente registrado' })).not.toBeInTheDocument()
  })

  it('revokes an agent only after confirming, explaining what happens to its token and job', async () => {
    const fetch = renderPage()
    await userEvent.click(within(await rowOf('win-build-01')).getByRole('button', { name: 'Revogar agente win-build-01' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Revogar o agente win-build-01?')).toBeInTheDocument()
    expect(within(confirm).getByText(/token deste agente deixa de funcionar imediatamente/)).toBeInTheDocument()
    expect(within(confirm).getByText(/volta para a fila/)).toBeInTheDocument()

    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(fetch, 'DELETE', `/api/compile-agents/${idleAgent.id}`)).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Revogar agente win-build-01' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revogar' }))
    expect(await screen.findByText('Agente revogado')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `/api/compile-agents/${idleAgent.id}`)).toHaveLength(1)
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-agents')).toHaveLength(2))
  })

  it("says 'Erro ao revogar agente' when the revoke fails", async () => {
    renderPage({ [`DELETE /api/compile-agents/${idleAgent.id}`]: () => errorBody(404, 'Agente não encontrado') })
    await userEvent.click(within(await rowOf('win-build-01')).getByRole('button', { name: 'Revogar agente win-build-01' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revogar' }))
    expect(await screen.findByText('Erro ao revogar agente')).toBeInTheDocument()
    expect(screen.getByText('Agente não encontrado')).toBeInTheDocument()
  })
})
