import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { publishFactoryEvent } from '@/lib/live-events/factory-events'
import { PROJECT_POLL_MS } from '@/features/robot-factory/api/projects'
import { robotFactoryKeys } from '@/features/robot-factory/api/keys'
import {
  factoryStatus,
  firstVersionId,
  fixingVersion,
  project,
  projectId,
  prompt,
  secondVersionId,
  tenantId,
  version,
} from '@/features/robot-factory/test-support'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { TenantRobotProjectPage } from './robot-project-page'

const projectPath = `/api/tenant/robot-projects/${projectId}`

/**
 * The page's 5-second polls, held: a refetch seen without `poll()` can only come from the live stream.
 * Other intervals (Testing Library's) run as usual.
 */
function holdPolls() {
  const realSetInterval = globalThis.setInterval
  const realClearInterval = globalThis.clearInterval
  const held = new Map<object, () => void>()
  vi.stubGlobal('setInterval', (handler: () => void, delay?: number) => {
    if (delay !== PROJECT_POLL_MS) return realSetInterval(handler, delay)
    const id = {}
    held.set(id, handler)
    return id
  })
  vi.stubGlobal('clearInterval', (id: unknown) => {
    if (typeof id === 'object' && id !== null && held.delete(id)) return
    realClearInterval(id as Parameters<typeof clearInterval>[0])
  })
  return {
    poll: () =>
      act(async () => {
        held.forEach((run) => run())
      }),
    polling: () => held.size > 0,
  }
}

/** The server's side: what GET answers now (changed by the test as the project moves on). */
function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, initial = project(), role: OwnerRole = 'admin') {
  const server = { project: initial }
  const polls = holdPolls()
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/robot-factory': () => Response.json(factoryStatus()),
      [`GET ${projectPath}`]: () => Response.json(server.project),
      ...handlers,
    }),
  )
  const view = renderWithProviders(<Navigate to={`/robot-factory/${projectId}`} />, {
    queryData: [signedInOwner(role)],
    path: '/',
    routes: (
      <>
        <Route path="/robot-factory/:id" element={<TenantRobotProjectPage />} />
        <Route path="/robot-factory" element={<p>Lista de projetos</p>} />
      </>
    ),
  })
  return { fetch, server, ...polls, ...view }
}

/** A project whose newest version failed for good: nothing is running, so adjustments can be asked for. */
const settledProject = () => project({ versions: [{ ...fixingVersion(), compilationStatus: 'failed', retryCount: 3 }, version()] })

const loaded = () => screen.findByRole('heading', { level: 1, name: 'Tendência M15' })
const messages = () => within(screen.getByRole('list', { name: 'Mensagens' })).getAllByTestId('conversation-message')
const versionItem = (number: number) => screen.getByRole('listitem', { name: `Versão ${number}` })

// jsdom has no object URLs: the download test lends them and puts back whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
beforeAll(polyfillRadixSelect)
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

describe('tenant robot project page', { timeout: 30_000 }, () => {
  it('shows skeletons, then the project with its status, quota and a way back', async () => {
    renderPage()
    expect(screen.getByLabelText('Carregando projeto')).toBeInTheDocument()
    await loaded()
    expect(screen.getByText('Cruzamento de médias com filtro de spread.')).toBeInTheDocument()
    expect(screen.getByText('Pronto para Publicar')).toBeInTheDocument()
    expect(await screen.findByText('3 de 10 gerações usadas este mês')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para a Fábrica' })).toHaveAttribute('href', '/robot-factory')
  })

  it('marks a published project Publicado', async () => {
    renderPage({}, project({ status: 'published' }))
    await loaded()
    expect(screen.getByText('Publicado', { selector: '[data-slot=badge]' })).toBeInTheDocument()
  })

  it('shows each message with its type icon, role badge (Sistema, IA, Você), time and content, code as a block', async () => {
    renderPage()
    await loaded()
    const [request, generation, compiled, unknown] = messages()
    expect(within(request!).getByText('Você')).toBeInTheDocument()
    expect(within(request!).getByTitle('Pedido')).toHaveAttribute('data-message-type', 'request')
    expect(within(request!).getByText('Robô de cruzamento de médias no M15.')).toBeInTheDocument()
    expect(within(request!).getByText(/^10\/03\/2025 \d\d:00$/)).toBeInTheDocument()

    expect(within(generation!).getByText('IA')).toBeInTheDocument()
    expect(within(generation!).getByTitle('Geração')).toBeInTheDocument()
    expect(within(generation!).getByText('Aqui está o código:')).toBeInTheDocument()
    const code = within(generation!).getByLabelText('Código mql5')
    expect(code.tagName).toBe('PRE')
    expect(code).toHaveTextContent('int OnInit() { return(INIT_SUCCEEDED); }')
    expect(within(generation!).getByText('Pronto para compilar.')).toBeInTheDocument()

    expect(within(compiled!).getByText('Sistema')).toBeInTheDocument()
    expect(within(compiled!).getByTitle('Compilado')).toBeInTheDocument()
    // A type this app does not know yet still shows, named as it came.
    expect(within(unknown!).getByTitle('something_new')).toBeInTheDocument()
  })

  it('lists the versions newest first: status, date, fix attempts, errors explained, review notes, .ex5 only when compiled', async () => {
    renderPage()
    await loaded()
    expect(screen.getByText('2 versões')).toBeInTheDocument()
    const [newest, oldest] = within(screen.getByRole('list', { name: 'Versões do projeto' })).getAllByRole('listitem', { name: /^Versão \d$/ })
    expect(newest).toBe(versionItem(2))
    expect(oldest).toBe(versionItem(1))

    expect(within(newest!).getByText('Corrigindo')).toBeInTheDocument()
    expect(within(newest!).getByText('Tentativas de correção: 1/3')).toBeInTheDocument()
    expect(within(newest!).getByText(/^11\/03\/2025 \d\d:00$/)).toBeInTheDocument()
    expect(within(newest!).queryByRole('button', { name: /Baixar \.ex5/ })).not.toBeInTheDocument()
    const errors = within(within(newest!).getByRole('list', { name: 'Erros de compilação' })).getAllByRole('listitem')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toHaveTextContent('Linha 12, coluna 5')
    expect(errors[0]).toHaveTextContent(/Variável não declarada/)

    expect(within(oldest!).getByText('Compilado')).toBeInTheDocument()
    expect(within(oldest!).queryByText(/Tentativas de correção/)).not.toBeInTheDocument()
    expect(within(oldest!).getByRole('button', { name: 'Baixar .ex5 da versão 1' })).toBeEnabled()
    expect(within(oldest!).getByText('Notas da revisão')).toBeInTheDocument()
  })

  it('explains a failure without structured errors from its log', async () => {
    const failed = version({ compilationStatus: 'failed', hasCompiledFile: false, errorMessage: null, errorLog: "robo.mq5(3,1) : error 123: 'CTrade' - unexpected token" })
    renderPage({}, project({ versions: [failed] }))
    await loaded()
    const item = versionItem(1)
    expect(within(item).getByText('Falhou')).toBeInTheDocument()
    expect(within(item).getByText(/Problema com a biblioteca de negociação/)).toBeInTheDocument()
    expect(within(item).getByText('Log do compilador')).toBeInTheDocument()
  })

  it('downloads an .ex5 through the API client under the server name', async () => {
    const user = userEvent.setup()
    URL.createObjectURL = vi.fn(() => 'blob:rf-factory')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const downloadPath = `${projectPath}/versions/${firstVersionId}/download`
    const { fetch } = renderPage({
      [`GET ${downloadPath}`]: () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="Tendencia M15_v1.ex5"' },
        }),
    })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Baixar .ex5 da versão 1' }))
    expect(await screen.findByText('Download concluído')).toBeInTheDocument()
    expect(saved).toEqual(['Tendencia M15_v1.ex5'])
    expect(requestsTo(fetch, 'GET', downloadPath)).toHaveLength(1)
  })

  it("says 'Erro ao baixar arquivo' when the download fails", async () => {
    const user = userEvent.setup()
    renderPage({ [`GET ${projectPath}/versions/${firstVersionId}/download`]: () => errorBody(500, 'falhou') })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Baixar .ex5 da versão 1' }))
    expect(await screen.findByText('Erro ao baixar arquivo')).toBeInTheDocument()
    expect(screen.getByText('Tente novamente mais tarde')).toBeInTheDocument()
  })

  it('offers Publicar Robô only once a version compiled', async () => {
    renderPage({}, project({ versions: [fixingVersion()] }))
    await loaded()
    expect(screen.queryByRole('button', { name: 'Publicar Robô' })).not.toBeInTheDocument()
  })

  it('publishes the latest compiled version with the chosen type, toasts the new number and refreshes project and robots', async () => {
    const user = userEvent.setup()
    const { fetch, queryClient } = renderPage({ [`POST ${projectPath}/publish`]: () => Response.json({ version: '2.0.0', robotId: 'r1' }) })
    await loaded()
    queryClient.setQueryData(tenantCatalogKeys.robots.list({ page: 1 }), { seeded: true })
    await user.click(screen.getByRole('button', { name: 'Publicar Robô' }))
    const dialog = await screen.findByRole('dialog', { name: 'Publicar Robô' })
    expect(within(dialog).getByText('A versão 1 do projeto passa a ser oferecida aos seus clientes.')).toBeInTheDocument()
    await choose('Tipo de versão', 'Principal', dialog)
    expect(within(dialog).getByText('Mudanças significativas e incompatíveis com a versão anterior.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))

    expect(await screen.findByText('Robô publicado')).toBeInTheDocument()
    expect(screen.getByText('Versão 2.0.0 disponível para clientes')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', `${projectPath}/publish`)
    expect(await request!.json()).toEqual({ versionId: firstVersionId, versionType: 'major' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(queryClient.getQueryState(tenantCatalogKeys.robots.list({ page: 1 }))!.isInvalidated).toBe(true)
    await waitFor(() => expect(requestsTo(fetch, 'GET', projectPath).length).toBeGreaterThan(1))
  })

  it("says 'Erro ao publicar robô' with the server's message", async () => {
    const user = userEvent.setup()
    renderPage({ [`POST ${projectPath}/publish`]: () => errorBody(409, 'Esta versão não foi compilada com sucesso.') })
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Publicar Robô' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar' }))
    expect(await screen.findByText('Erro ao publicar robô')).toBeInTheDocument()
    expect(screen.getByText('Esta versão não foi compilada com sucesso.')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('asks for adjustments with the latest prompt and the text (sent only from 10 characters)', async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage(
      { [`POST ${projectPath}/request-adjustments`]: () => Response.json({ version: fixingVersion() }, { status: 202 }) },
      settledProject(),
    )
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Solicitar Ajustes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar Ajustes' })
    const text = within(dialog).getByLabelText(/^Ajustes Desejados/)
    const send = within(dialog).getByRole('button', { name: 'Enviar Solicitação' })
    expect(send).toBeDisabled()
    await user.type(text, 'Curto')
    expect(send).toBeDisabled()
    await user.type(text, ' demais não: use Estocástico.')
    expect(send).toBeEnabled()
    await user.click(send)

    expect(await screen.findByText('Ajustes solicitados')).toBeInTheDocument()
    expect(screen.getByText('A IA está gerando uma nova versão do robô')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', `${projectPath}/request-adjustments`)
    expect(await request!.json()).toEqual({ adjustmentRequest: 'Curto demais não: use Estocástico.', ...prompt })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("sends '' for the answers a project without a prompt lacks, and shows the server's refusal", async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage(
      { [`POST ${projectPath}/request-adjustments`]: () => errorBody(409, 'Aguarde a versão atual terminar antes de pedir novos ajustes.') },
      { ...settledProject(), generationPrompt: null },
    )
    await loaded()
    await user.click(screen.getByRole('button', { name: 'Solicitar Ajustes' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Ajustes Desejados/), 'Não operar às sextas-feiras.')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Solicitação' }))
    expect(await screen.findByText('Erro ao solicitar ajustes')).toBeInTheDocument()
    expect(screen.getByText('Aguarde a versão atual terminar antes de pedir novos ajustes.')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', `${projectPath}/request-adjustments`)
    expect(await request!.json()).toEqual({
      adjustmentRequest: 'Não operar às sextas-feiras.',
      robotName: '',
      parametrosEntrada: '',
      gatilhosAbrir: '',
      gatilhosFechar: '',
      gestaoRisco: '',
      takeProfitStopLoss: '',
      protecaoCapital: '',
    })
    // The text stays, to send again.
    expect(within(dialog).getByLabelText(/^Ajustes Desejados/)).toHaveValue('Não operar às sextas-feiras.')
  })

  it('keeps Solicitar Ajustes off while a version is being worked on, and says so', async () => {
    renderPage()
    await loaded()
    expect(screen.getByRole('button', { name: 'Solicitar Ajustes' })).toBeDisabled()
    expect(screen.getByText(/A IA está trabalhando na versão 2/)).toBeInTheDocument()
  })

  it("keeps Solicitar Ajustes off and says why when the month's quota is used up", async () => {
    renderPage({ 'GET /api/tenant/robot-factory': () => Response.json(factoryStatus({ usedThisMonth: 10, remainingThisMonth: 0 })) }, settledProject())
    await loaded()
    expect(await screen.findByText('Limite mensal de gerações atingido')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Solicitar Ajustes' })).toBeDisabled()
  })

  it('polls the project every 5 seconds', async () => {
    const { fetch, server, poll, polling } = renderPage()
    await loaded()
    expect(polling()).toBe(true)
    server.project = project({ versions: [{ ...fixingVersion(), compilationStatus: 'success', hasCompiledFile: true }, version()] })
    await poll()
    expect(await screen.findByRole('button', { name: 'Baixar .ex5 da versão 2' })).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', projectPath)).toHaveLength(2)
  })

  it("shows the model's text as it streams, asks for the project at once on a status event, and drops the draft", async () => {
    const { fetch, server, queryClient } = renderPage()
    await loaded()
    expect(screen.queryByTestId('live-draft')).not.toBeInTheDocument()

    // Another project's news changes nothing here.
    act(() => publishFactoryEvent({ tenantId, projectId: 'outro', versionId: secondVersionId, kind: 'delta', status: null, text: 'xyz' }))
    expect(screen.queryByTestId('live-draft')).not.toBeInTheDocument()

    act(() => publishFactoryEvent({ tenantId, projectId, versionId: secondVersionId, kind: 'delta', status: null, text: 'Corrigindo a variável ' }))
    act(() => publishFactoryEvent({ tenantId, projectId, versionId: secondVersionId, kind: 'delta', status: null, text: 'lotes:\n```mql5\ninput double lotes' }))
    const draft = await screen.findByTestId('live-draft')
    expect(draft).toHaveTextContent('IA está escrevendo…')
    expect(within(draft).getByText('Corrigindo a variável lotes:')).toBeInTheDocument()
    expect(within(draft).getByLabelText('Código mql5')).toHaveTextContent('input double lotes')
    expect(requestsTo(fetch, 'GET', projectPath)).toHaveLength(1)

    server.project = project({
      conversationHistory: [...project().conversationHistory, { id: 'm5', role: 'assistant', type: 'fix', content: 'Corrigi a variável lotes.', createdAt: '2025-03-11T10:05:00Z' }],
      versions: [{ ...fixingVersion(), compilationStatus: 'compiling' }, version()],
    })
    act(() => publishFactoryEvent({ tenantId, projectId, versionId: secondVersionId, kind: 'status', status: 'compiling', text: null }))
    expect(screen.queryByTestId('live-draft')).not.toBeInTheDocument()
    await waitFor(() => expect(requestsTo(fetch, 'GET', projectPath)).toHaveLength(2))
    expect(await screen.findByText('Corrigi a variável lotes.')).toBeInTheDocument()
    expect(within(versionItem(2)).getByText('Compilando')).toBeInTheDocument()
    expect(queryClient.getQueryState(robotFactoryKeys.projects.detail(projectId))!.dataUpdateCount).toBe(2)
  })

  it("says 'Projeto não encontrado' with a way back for an unknown project", async () => {
    const user = userEvent.setup()
    renderPage({ [`GET ${projectPath}`]: () => errorBody(404, 'Projeto não encontrado') })
    expect(await screen.findByText('Projeto não encontrado')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Voltar para a Fábrica de Robôs' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/robot-factory')
    expect(screen.getByText('Lista de projetos')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar projeto' with the server's text and a retry", async () => {
    renderPage({ [`GET ${projectPath}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar projeto')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('shows a Suporte owner the project without asking for adjustments or publishing', async () => {
    renderPage({}, project(), 'support')
    await loaded()
    expect(screen.getByText('Pronto para Publicar')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Solicitar Ajustes' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Publicar Robô' })).not.toBeInTheDocument()
  })
})
