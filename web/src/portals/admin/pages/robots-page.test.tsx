import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { jsonOf, pageOf, robotScalper, tenantA, tenantB } from '@/features/admin-catalog/test-support'
import type { RobotItem } from '@/features/admin-catalog/api/robots'
import { AdminRobotsPage } from './robots-page'

beforeAll(polyfillRadixSelect)

/** A robot whose tenant has no URL: no webhook URL to copy. */
const orphan: RobotItem = {
  ...robotScalper,
  id: '0190c0de-0000-7000-8000-0000000000e2',
  tenantId: tenantB.id,
  tenant: { id: tenantB.id, name: tenantB.name, url: '' },
  name: 'Grid Master',
  version: '1.0.0',
  active: false,
  webhookUrl: null,
  webhookVerifiedAt: null,
}

function renderPage(robots: RobotItem[] = [robotScalper, orphan], handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(pageOf([tenantA, tenantB], { pageSize: 100 })),
      'GET /api/robots': () => Response.json(pageOf(robots)),
      ...handlers,
    }),
  )
  renderWithProviders(<AdminRobotsPage />, { path: '/robots' })
  return fetch
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

describe('admin robots page', { timeout: 30_000 }, () => {
  it('lists the robots with tenant, platform, version, status, webhook URL and postback badge', async () => {
    renderPage()
    const scalper = await rowOf('Scalper Pro')
    expect(within(scalper).getByText(tenantA.name)).toBeInTheDocument()
    expect(within(scalper).getByText('MT5')).toBeInTheDocument()
    expect(within(scalper).getByText('2.1.0')).toBeInTheDocument()
    expect(within(scalper).getByText('Ativo')).toBeInTheDocument()
    expect(within(scalper).getByText(`https://robosdojoao.com.br/api/webhooks/hotmart/robot/${robotScalper.id}`)).toBeInTheDocument()
    expect(within(scalper).getByText('Postback recebido')).toBeInTheDocument()
    expect(within(scalper).getByText(/^Último em 08\/03\/2024 \d\d:30$/)).toBeInTheDocument()

    const grid = await rowOf('Grid Master')
    expect(within(grid).getByText('Inativo')).toBeInTheDocument()
    expect(within(grid).getByText('Tenant sem URL')).toBeInTheDocument()
    expect(within(grid).getByText('Aguardando postback')).toBeInTheDocument()

    for (const header of ['Nome', 'Tenant', 'Plataforma', 'Versão', 'Status', 'Webhook URL', 'Postback']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it("copies the webhook URL and toasts 'URL copiada!'", async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(within(await rowOf('Scalper Pro')).getByRole('button', { name: 'Copiar URL do webhook de Scalper Pro' }))
    expect(await navigator.clipboard.readText()).toBe(`https://robosdojoao.com.br/api/webhooks/hotmart/robot/${robotScalper.id}`)
    expect(await screen.findByText('URL copiada!')).toBeInTheDocument()
    expect(screen.getByText('Cole esta URL no painel da Hotmart.')).toBeInTheDocument()
  })

  it('builds the webhook URL from the tenant URL when the server sent none', async () => {
    const user = userEvent.setup()
    const bare = { ...orphan, name: 'Trend Rider', tenant: { ...orphan.tenant, url: 'https://alphatrade.com/' } }
    renderPage([bare])
    await user.click(within(await rowOf('Trend Rider')).getByRole('button', { name: 'Copiar URL do webhook de Trend Rider' }))
    expect(await navigator.clipboard.readText()).toBe(`https://alphatrade.com/api/webhooks/hotmart/robot/${orphan.id}`)
  })

  it("refuses to copy when the robot's tenant has no URL", async () => {
    const user = userEvent.setup()
    renderPage()
    await navigator.clipboard.writeText('antes')
    await user.click(within(await rowOf('Grid Master')).getByRole('button', { name: 'Copiar URL do webhook de Grid Master' }))
    expect(await screen.findByText('Tenant não possui URL configurada')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe('antes')
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage([], { 'GET /api/robots': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(pageOf([])))
    expect(await screen.findByText('Nenhum robô encontrado')).toBeInTheDocument()
  })

  it('shows the error with a retry when the list fails', async () => {
    renderPage([], { 'GET /api/robots': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('sends the name search and the tenant filter to the server', async () => {
    const fetch = renderPage()
    await screen.findByText('Scalper Pro')
    await userEvent.type(screen.getByLabelText('Buscar por nome'), 'scalp')
    await choose('Filtrar por tenant', tenantA.name)
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/robots').at(-1)!.url)
      expect(last.searchParams.get('q')).toBe('scalp')
      expect(last.searchParams.get('tenantId')).toBe(tenantA.id)
    })
  })

  it('shows the pt-BR messages on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Robô' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Plataforma/)).toHaveTextContent('MT5')
    expect(within(dialog).getByLabelText(/^Versão/)).toHaveValue('1.0.0')
    await userEvent.type(within(dialog).getByLabelText(/^URL do logo/), 'logo.png')
    await userEvent.clear(within(dialog).getByLabelText(/^Versão/))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar robô' }))
    expect(await within(dialog).findByText('Selecione um tenant')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('URL do logo inválida')).toBeInTheDocument()
    expect(within(dialog).getByText('Versão é obrigatória')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/robots')).toHaveLength(0)
  })

  it("creates a robot with the defaults and toasts 'Robô criado'", async () => {
    const fetch = renderPage(undefined, { 'POST /api/robots': () => Response.json(robotScalper, { status: 201 }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Robô' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Tenant/, tenantA.name, dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Scalper Pro')
    await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Scalping no índice')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar robô' }))
    expect(await screen.findByText('Robô criado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/robots')
    expect(await jsonOf(request!)).toEqual({
      tenantId: tenantA.id,
      name: 'Scalper Pro',
      logoUrl: '',
      description: 'Scalping no índice',
      platform: 'MT5',
      filePath: '',
      version: '1.0.0',
      active: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('edits a robot: the tenant is fixed, the changes go in the PATCH', async () => {
    const fetch = renderPage(undefined, { [`PATCH /api/robots/${robotScalper.id}`]: () => Response.json({ ...robotScalper, version: '2.2.0' }) })
    await userEvent.click(within(await rowOf('Scalper Pro')).getByRole('button', { name: 'Editar Scalper Pro' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Tenant/)).toBeDisabled()
    expect(within(dialog).getByLabelText(/^Tenant/)).toHaveTextContent(tenantA.name)
    await userEvent.clear(within(dialog).getByLabelText(/^Versão/))
    await userEvent.type(within(dialog).getByLabelText(/^Versão/), '2.2.0')
    await choose(/^Status/, 'Inativo', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Robô atualizado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/robots/${robotScalper.id}`)
    expect(await jsonOf(request!)).toMatchObject({ tenantId: tenantA.id, name: 'Scalper Pro', version: '2.2.0', active: false, platform: 'MT5' })
  })

  it("toasts 'Erro ao criar robô' with the server's message", async () => {
    renderPage(undefined, { 'POST /api/robots': () => errorBody(400, 'Tenant não encontrado', { tenantId: 'Tenant não encontrado' }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Robô' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Tenant/, tenantB.name, dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Novo EA')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar robô' }))
    expect(await screen.findByText('Erro ao criar robô')).toBeInTheDocument()
    expect(within(dialog).getAllByText('Tenant não encontrado').length).toBeGreaterThan(0)
  })
})
