import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { polyfillRadixSelect } from '@/test/select'
import { dedicatedPool, defaultPool } from '../test-support'
import { PoolsCard } from './pools-card'

beforeAll(polyfillRadixSelect)

const joao = { id: dedicatedPool.tenants[0]!.id, name: 'Robôs do João', url: 'robosdojoao.com.br' }
const trader = { id: dedicatedPool.tenants[1]!.id, name: 'Trader Pro', url: 'traderpro.com' }
const alpha = { id: '0190c0de-0000-7000-8000-00000000000c', name: 'Alpha Trade', url: 'alphatrade.com' }

const tenantItem = (tenant: typeof joao) => ({
  ...tenant,
  status: 'active',
  createdAt: '2025-01-01T12:00:00Z',
  activationDate: null,
  hotmartConfigured: false,
  secretPrefix: null,
  displayName: null,
  logoUrl: null,
})

/** GET /api/tenants as the checklist reads it: the search `q` filters by name. */
function tenantsAnswer(url: URL) {
  const q = url.searchParams.get('q')?.toLowerCase() ?? ''
  return Response.json(page([alpha, joao, trader].filter((tenant) => tenant.name.toLowerCase().includes(q)).map(tenantItem), { pageSize: 100 }))
}

function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/compile-pools': () => Response.json([dedicatedPool, defaultPool]),
      'GET /api/tenants': (_, url) => tenantsAnswer(url),
      ...handlers,
    }),
  )
  renderWithProviders(<PoolsCard />, { path: '/compile-agents' })
  return fetch
}

const poolEntry = async (name: string) => screen.findByRole('listitem', { name })
const openDialog = async (button: string) => {
  await userEvent.click(await screen.findByRole('button', { name: button }))
  return screen.findByRole('dialog')
}
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).findByRole('checkbox', { name: new RegExp(`^${name}`) })

describe('pools card', { timeout: 30_000 }, () => {
  it('lists the default pool first, described, and the others with their tenants and active agents', async () => {
    renderCard()
    expect(screen.getByRole('heading', { level: 2, name: 'Pools de agentes' })).toBeInTheDocument()
    const entries = within(await screen.findByRole('list', { name: 'Pools de agentes' })).getAllByRole('listitem', { name: /./ })
    expect(entries.map((entry) => within(entry).getByRole('heading', { level: 3 }).textContent)).toEqual(['Padrão', 'Clientes VIP'])

    const standard = await poolEntry('Padrão')
    expect(within(standard).getByText('Padrão — atende todos os tenants que não estão em outro pool')).toBeInTheDocument()
    expect(within(standard).getByText('2 agentes ativos')).toBeInTheDocument()
    expect(within(standard).getByRole('button', { name: 'Editar pool Padrão' })).toBeInTheDocument()
    expect(within(standard).queryByRole('button', { name: /^Excluir/ })).not.toBeInTheDocument()

    const vip = await poolEntry('Clientes VIP')
    const tenants = within(vip).getByRole('list', { name: 'Tenants do pool Clientes VIP' })
    expect(within(tenants).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Robôs do João', 'Trader Pro'])
    expect(within(vip).getByText('Nenhum agente ativo')).toBeInTheDocument()
    expect(within(vip).getByRole('button', { name: 'Excluir pool Clientes VIP' })).toBeInTheDocument()
  })

  it('shows the error with a retry when the pools cannot be read', async () => {
    let fail = true
    renderCard({ 'GET /api/compile-pools': () => (fail ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json([defaultPool])) })
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await poolEntry('Padrão')).toBeInTheDocument()
  })

  it('creates a pool with the tenants checked, searching by name', async () => {
    const created = { ...dedicatedPool, id: '0190c0de-0000-7000-8000-0000000000d2', name: 'Dedicado', tenants: [alpha, trader].map(({ id, name }) => ({ id, name })) }
    const fetch = renderCard({ 'POST /api/compile-pools': () => Response.json(created, { status: 201 }) })
    const dialog = await openDialog('Novo pool')
    expect(within(dialog).getByRole('heading', { name: 'Novo pool' })).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Dedicado')
    await userEvent.click(await checkbox(dialog, 'Alpha Trade'))

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Buscar tenants' }), 'trader')
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /^Alpha Trade/ })).not.toBeInTheDocument())
    expect(new URL(requestsTo(fetch, 'GET', '/api/tenants').at(-1)!.url).searchParams.get('q')).toBe('trader')
    expect(new URL(requestsTo(fetch, 'GET', '/api/tenants').at(-1)!.url).searchParams.get('pageSize')).toBe('100')
    await userEvent.click(await checkbox(dialog, 'Trader Pro'))
    // A tenant checked before the search stays chosen, with its name.
    const chosen = within(dialog).getByRole('list', { name: 'Tenants escolhidos' })
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Alpha Trade', 'Trader Pro'])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Pool criado')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'POST', '/api/compile-pools')[0]!.json()).toEqual({ name: 'Dedicado', tenantIds: [alpha.id, trader.id] })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/compile-pools')).toHaveLength(2))
  })

  it('asks for a name and a tenant before sending', async () => {
    const fetch = renderCard()
    const dialog = await openDialog('Novo pool')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Escolha pelo menos um tenant')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/compile-pools')).toHaveLength(0)
  })

  it("shows the server's field errors under the fields and keeps what was typed and checked", async () => {
    renderCard({
      'POST /api/compile-pools': () => errorBody(400, 'Verifique os campos', { name: 'Já existe um pool com este nome', tenantIds: 'Tenant não encontrado' }),
    })
    const dialog = await openDialog('Novo pool')
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Clientes VIP')
    await userEvent.click(await checkbox(dialog, 'Robôs do João'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar pool')).toBeInTheDocument()
    const nameError = within(dialog).getByText('Já existe um pool com este nome')
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveAttribute('aria-describedby', expect.stringContaining(nameError.id))
    const tenantsError = within(dialog).getByText('Tenant não encontrado')
    expect(within(dialog).getByRole('searchbox', { name: 'Buscar tenants' })).toHaveAttribute('aria-describedby', expect.stringContaining(tenantsError.id))
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Clientes VIP')
    expect(await checkbox(dialog, 'Robôs do João')).toBeChecked()
  })

  it('edits a pool: its name and tenants start filled, a tenant can be removed', async () => {
    const fetch = renderCard({ [`PATCH /api/compile-pools/${dedicatedPool.id}`]: () => Response.json({ ...dedicatedPool, name: 'VIP', tenants: [dedicatedPool.tenants[0]] }) })
    const dialog = await openDialog('Editar pool Clientes VIP')
    expect(within(dialog).getByRole('heading', { name: 'Editar pool Clientes VIP' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Clientes VIP')
    expect(await checkbox(dialog, 'Trader Pro')).toBeChecked()
    expect(await checkbox(dialog, 'Alpha Trade')).not.toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover Trader Pro' }))
    expect(await checkbox(dialog, 'Trader Pro')).not.toBeChecked()
    await userEvent.clear(within(dialog).getByLabelText(/^Nome/))
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'VIP')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Pool atualizado')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PATCH', `/api/compile-pools/${dedicatedPool.id}`)[0]!.json()).toEqual({ name: 'VIP', tenantIds: [joao.id] })
  })

  it('renames the default pool, which has no tenants to choose', async () => {
    const fetch = renderCard({ [`PATCH /api/compile-pools/${defaultPool.id}`]: () => Response.json({ ...defaultPool, name: 'Geral' }) })
    const dialog = await openDialog('Editar pool Padrão')
    expect(within(dialog).getByText(/Só o nome pode ser alterado\.$/)).toBeInTheDocument()
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument()
    await userEvent.clear(within(dialog).getByLabelText(/^Nome/))
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Geral')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Pool atualizado')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PATCH', `/api/compile-pools/${defaultPool.id}`)[0]!.json()).toEqual({ name: 'Geral', tenantIds: null })
    expect(requestsTo(fetch, 'GET', '/api/tenants')).toHaveLength(0)
  })

  it('deletes a pool only after confirming', async () => {
    const fetch = renderCard({ [`DELETE /api/compile-pools/${dedicatedPool.id}`]: () => new Response(null, { status: 204 }) })
    await userEvent.click(within(await poolEntry('Clientes VIP')).getByRole('button', { name: 'Excluir pool Clientes VIP' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Excluir o pool Clientes VIP?')).toBeInTheDocument()
    expect(within(confirm).getByText(/voltam a ser atendidos pelo pool padrão/)).toBeInTheDocument()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(fetch, 'DELETE', `/api/compile-pools/${dedicatedPool.id}`)).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Excluir pool Clientes VIP' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Pool excluído')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `/api/compile-pools/${dedicatedPool.id}`)).toHaveLength(1)
  })

  it("shows the server's reason when a pool with active agents cannot be deleted", async () => {
    const reason = 'Este pool ainda tem agentes ativos. Mova-os ou revogue-os antes de excluir.'
    renderCard({ [`DELETE /api/compile-pools/${dedicatedPool.id}`]: () => errorBody(409, reason) })
    await userEvent.click(within(await poolEntry('Clientes VIP')).getByRole('button', { name: 'Excluir pool Clientes VIP' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Erro ao excluir pool')).toBeInTheDocument()
    expect(screen.getByText(reason)).toBeInTheDocument()
    expect(await poolEntry('Clientes VIP')).toBeInTheDocument()
  })
})
