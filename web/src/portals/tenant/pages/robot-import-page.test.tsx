import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { publishCompilationEvent } from '@/lib/live-events/compilation-events'
import { JOB_POLL_MS } from '@/features/compilation/job-progress'
import { completedJob, EA_SOURCE, failedJob, jobId, mq5File, pendingJob, processingJob, robotId, tenantId } from '@/features/compilation/test-support'
import { TenantRobotImportPage } from './robot-import-page'

const jobsPath = '/api/tenant/compilation-jobs'
const jobPath = `${jobsPath}/${jobId}`

/**
 * The page's 2-second polls, held: the test runs them with `poll()`, so no step depends on the clock, and a
 * refetch seen without `poll()` can only come from the live stream. Other intervals (Testing Library's) run as usual.
 */
function holdPolls() {
  const realSetInterval = globalThis.setInterval
  const realClearInterval = globalThis.clearInterval
  const held = new Map<object, () => void>()
  vi.stubGlobal('setInterval', (handler: () => void, delay?: number) => {
    if (delay !== JOB_POLL_MS) return realSetInterval(handler, delay)
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

/** The server's side: the created job and what GET answers now (changed by the test as the job moves on). */
function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const server = { job: pendingJob() }
  const polls = holdPolls()
  const fetch = mockFetch(
    apiRoutes({
      [`POST ${jobsPath}`]: () => Response.json(pendingJob(), { status: 201 }),
      [`GET ${jobPath}`]: () => Response.json(server.job),
      ...handlers,
    }),
  )
  const view = renderWithProviders(<TenantRobotImportPage />, { path: '/robots/import', routes: <Route path="/robots" element={<p>Lista de robôs</p>} /> })
  return { fetch, server, ...polls, ...view }
}

const fileInput = () => screen.getByLabelText(/^Arquivo \.mq5/)
const nameInput = () => screen.getByLabelText(/^Nome do robô/)
const compileButton = () => screen.getByRole('button', { name: /^(Compilar|Enviando…|Compilando…)$/ })
const progressBar = () => screen.getByRole('progressbar', { name: 'Progresso da compilação' })

async function compile(user: ReturnType<typeof userEvent.setup>, file = mq5File()) {
  await user.upload(fileInput(), file)
  await user.click(compileButton())
}

/** Waits for the bar to read `percent` with the phase written out (the text a screen reader hears). */
async function expectProgress(percent: number, label: string) {
  await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuetext', `${percent}% · ${label}`))
  expect(progressBar()).toHaveAttribute('aria-valuenow', String(percent))
  expect(within(screen.getByRole('region', { name: 'Andamento da compilação' })).getAllByText(label)[0]).toBeVisible()
}

// jsdom has no object URLs: the download test lends them and puts back whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

describe('tenant robot import page', { timeout: 30_000 }, () => {
  it('shows the form with a way back to the robots list, and no progress before a file is sent', () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Importar Robô' })).toBeInTheDocument()
    expect(fileInput()).toHaveAttribute('accept', '.mq5')
    expect(nameInput()).toHaveValue('')
    expect(compileButton()).toHaveTextContent('Compilar')
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/robots')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('Cancelar goes to the robots list', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('link', { name: 'Cancelar' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/robots')
    expect(screen.getByText('Lista de robôs')).toBeInTheDocument()
  })

  it('says why a job waits when no compile agent has taken it, while it keeps its place', async () => {
    const user = userEvent.setup()
    const reason =
      'Nenhum agente de compilação disponível no momento: o job mantém seu lugar na fila e será compilado assim que um agente se conectar.'
    const { server, poll } = renderPage()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    expect(screen.queryByText('Aguardando um agente de compilação')).not.toBeInTheDocument()
    server.job = pendingJob({ waitingReason: reason })
    await poll()
    expect(await screen.findByText(reason)).toBeInTheDocument()
    expect(screen.getByText('Aguardando um agente de compilação')).toBeInTheDocument()
    server.job = processingJob()
    await poll()
    await expectProgress(60, 'Compilando…')
    expect(screen.queryByText(reason)).not.toBeInTheDocument()
  })

  it("prefills the robot name from the file name, but keeps a name the owner typed", async () => {
    const user = userEvent.setup()
    renderPage()
    await user.upload(fileInput(), mq5File('Scalper M5.mq5'))
    expect(nameInput()).toHaveValue('Scalper M5')
    await user.upload(fileInput(), mq5File('Scalper M15.MQ5'))
    expect(nameInput()).toHaveValue('Scalper M15')

    await user.clear(nameInput())
    await user.type(nameInput(), 'Meu Scalper')
    await user.upload(fileInput(), mq5File('Outro.mq5'))
    expect(nameInput()).toHaveValue('Meu Scalper')
  })

  it("refuses a file that is no .mq5 ('Arquivo inválido') without sending it", async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { fetch } = renderPage()
    await compile(user, mq5File('robo.ex5'))
    expect(await screen.findByText('Arquivo inválido')).toBeInTheDocument()
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(fetch, 'POST', jobsPath)).toHaveLength(0)
  })

  it("asks for the file and the name ('Campos obrigatórios'), and for a source that is not blank", async () => {
    const user = userEvent.setup()
    const { fetch } = renderPage()
    await user.click(compileButton())
    expect(await screen.findAllByText('Campos obrigatórios')).toHaveLength(2)
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true')

    await compile(user, mq5File('vazio.mq5', '  \r\n\t'))
    expect(nameInput()).toHaveValue('vazio')
    await waitFor(() => expect(fileInput()).toHaveAttribute('aria-invalid', 'true'))
    expect(fileInput()).toHaveFocus()
    expect(screen.getAllByText('Campos obrigatórios')).toHaveLength(1)
    expect(requestsTo(fetch, 'POST', jobsPath)).toHaveLength(0)
  })

  it('compiles: uploading 10 %, pending 30 %, processing 60 %, completed 100 % with the version it became', async () => {
    const user = userEvent.setup()
    let answerCreation!: () => void
    const created = new Promise<void>((resolve) => (answerCreation = resolve))
    const { fetch, server, poll, polling } = renderPage({
      [`POST ${jobsPath}`]: async () => {
        await created
        return Response.json(pendingJob(), { status: 201 })
      },
    })
    await compile(user)

    await expectProgress(10, 'Enviando código-fonte…')
    expect(compileButton()).toBeDisabled()
    expect(compileButton()).toHaveTextContent('Enviando…')
    // The UTF-16LE file MetaEditor saved arrives as text, with the name and file name.
    const [request] = requestsTo(fetch, 'POST', jobsPath)
    expect(await request!.json()).toEqual({ robotName: 'Robo Alpha', sourceCode: EA_SOURCE, fileName: 'Robo Alpha.mq5' })

    answerCreation()
    await expectProgress(30, 'Na fila de compilação…')
    expect(fileInput()).toBeDisabled()
    expect(nameInput()).toBeDisabled()
    expect(compileButton()).toBeDisabled()
    expect(compileButton()).toHaveTextContent('Compilando…')
    // The created job is shown as answered, not asked for again.
    expect(requestsTo(fetch, 'GET', jobPath)).toHaveLength(0)

    server.job = processingJob()
    await poll()
    await expectProgress(60, 'Compilando…')

    server.job = completedJob()
    await poll()
    await expectProgress(100, 'Compilação concluída')
    const heading = screen.getByRole('heading', { name: 'Robô compilado' })
    expect(heading).toHaveFocus()
    expect(screen.getByText('Robo Alpha recebeu a versão 2.0.0.')).toBeInTheDocument()
    expect(screen.getByText('Inativa')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver versões do robô' })).toHaveAttribute('href', `/robots/${robotId}/versions`)
    expect(screen.getByRole('button', { name: 'Baixar .ex5' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Ir para robôs' })).toHaveAttribute('href', '/robots')
    // Done: the form is gone and the job is no longer asked for.
    expect(screen.queryByRole('form', { name: 'Importar código-fonte' })).not.toBeInTheDocument()
    expect(polling()).toBe(false)
  })

  it('Importar outro starts afresh; Ir para robôs goes to the list', async () => {
    const user = userEvent.setup()
    const { server, poll } = renderPage()
    server.job = completedJob()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    await poll()
    await user.click(await screen.findByRole('button', { name: 'Importar outro' }))
    expect(nameInput()).toHaveValue('')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(compileButton()).toBeEnabled()

    server.job = { ...completedJob(), robotVersion: { ...completedJob().robotVersion!, active: true } }
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    await poll()
    expect(await screen.findByText('Ativa')).toBeInTheDocument()
    expect(screen.getByText('Os clientes já baixam esta versão.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ir para robôs' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/robots')
  })

  it('downloads the .ex5 through the API client under the server file name', async () => {
    const user = userEvent.setup()
    URL.createObjectURL = vi.fn(() => 'blob:rf-import')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { fetch, server, poll } = renderPage({
      [`GET ${jobPath}/download`]: () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="Robo_Alpha.ex5"' },
        }),
    })
    server.job = completedJob()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    await poll()
    await user.click(await screen.findByRole('button', { name: 'Baixar .ex5' }))
    expect(await screen.findByText('Download iniciado')).toBeInTheDocument()
    expect(saved).toEqual(['Robo_Alpha.ex5'])
    expect(requestsTo(fetch, 'GET', `${jobPath}/download`)).toHaveLength(1)
  })

  it('on failure shows the message and each error with its line and a plain explanation, and keeps the form', async () => {
    const user = userEvent.setup()
    const { server, poll, polling } = renderPage()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    server.job = failedJob()
    await poll()

    await expectProgress(0, 'Falha na compilação')
    expect(screen.getByRole('heading', { name: 'Falha na compilação' })).toHaveFocus()
    expect(screen.getByText('A compilação falhou com 2 erros.')).toBeInTheDocument()
    const errors = within(screen.getByRole('list', { name: 'Erros de compilação' })).getAllByRole('listitem')
    expect(errors).toHaveLength(2)
    expect(errors[0]).toHaveTextContent('Linha 12, coluna 5')
    expect(errors[0]).toHaveTextContent("256: 'lotes' - undeclared identifier")
    expect(errors[0]).toHaveTextContent(/Variável não declarada/)
    expect(errors[1]).toHaveTextContent('Linha 3, coluna 1')
    expect(errors[1]).toHaveTextContent(/Problema com a biblioteca de negociação/)
    // Warnings are folded away, without a column when MetaEditor gave none.
    expect(screen.getByText('1 aviso do compilador')).toBeInTheDocument()
    expect(screen.getByText('Linha 40')).toBeInTheDocument()

    expect(polling()).toBe(false)
    expect(nameInput()).toHaveValue('Robo Alpha')
    expect(compileButton()).toBeEnabled()
  })

  it('shows a generic message and no error list when a failed job says nothing', async () => {
    const user = userEvent.setup()
    const { server, poll } = renderPage()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    server.job = { ...failedJob(), errorMessage: null, diagnostics: [] }
    await poll()
    expect(await screen.findByText('Não foi possível compilar o robô. Verifique o código-fonte e tente novamente.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Erros de compilação' })).not.toBeInTheDocument()
  })

  it('after a failure the same form can be sent again, as a new job', async () => {
    const user = userEvent.setup()
    const secondJobId = '0190c0de-0000-7000-8000-0000000000d2'
    let creations = 0
    const { fetch, server, poll } = renderPage({
      [`POST ${jobsPath}`]: () => Response.json(++creations === 1 ? pendingJob() : pendingJob({ id: secondJobId }), { status: 201 }),
      [`GET ${jobsPath}/${secondJobId}`]: () => Response.json(processingJob()),
    })
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    server.job = failedJob()
    await poll()
    await screen.findByRole('heading', { name: 'Falha na compilação' })

    await user.click(compileButton())
    await expectProgress(30, 'Na fila de compilação…')
    expect(screen.queryByRole('heading', { name: 'Falha na compilação' })).not.toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', jobsPath)).toHaveLength(2)
    await poll()
    await expectProgress(60, 'Compilando…')
    expect(requestsTo(fetch, 'GET', `${jobsPath}/${secondJobId}`)).toHaveLength(1)
  })

  it("shows the server's 422 message (the source cannot take the license check) on the file and in the toast", async () => {
    const user = userEvent.setup()
    const refusal = 'O código não é um Expert Advisor: falta a função OnTick.'
    renderPage({ [`POST ${jobsPath}`]: () => errorBody(422, refusal) })
    await compile(user)
    expect(await screen.findByText('Erro ao iniciar a compilação')).toBeInTheDocument()
    const messages = screen.getAllByText(refusal)
    expect(messages.length).toBe(2)
    expect(fileInput()).toHaveAttribute('aria-describedby', expect.stringContaining(messages.find((m) => m.dataset.slot === 'form-message')!.id))
    expect(fileInput()).toHaveFocus()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(compileButton()).toBeEnabled()
  })

  it("shows the server's message when the tenant's storage is full (413), on the file and in the toast", async () => {
    const user = userEvent.setup()
    const full = 'Limite de armazenamento atingido: 500,0 MB de 500,0 MB usados. Remova versões ou arquivos antigos, ou peça ao administrador da plataforma para aumentar o limite.'
    renderPage({ [`POST ${jobsPath}`]: () => errorBody(413, full) })
    await compile(user)
    expect(await screen.findByText('Erro ao iniciar a compilação')).toBeInTheDocument()
    const messages = screen.getAllByText(full)
    expect(messages).toHaveLength(2)
    expect(fileInput()).toHaveAttribute('aria-describedby', expect.stringContaining(messages.find((m) => m.dataset.slot === 'form-message')!.id))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(compileButton()).toBeEnabled()
  })

  it('puts a 400 field error under its input', async () => {
    const user = userEvent.setup()
    const tooLong = 'O nome do robô pode ter no máximo 200 caracteres'
    renderPage({ [`POST ${jobsPath}`]: () => errorBody(400, 'Dados inválidos', { robotName: tooLong }) })
    await compile(user)
    expect(await screen.findByText('Erro ao iniciar a compilação')).toBeInTheDocument()
    expect(screen.getByText(tooLong)).toBeInTheDocument()
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true')
    expect(nameInput()).toHaveFocus()
  })

  it('asks for the job at once when the live stream says it changed, not waiting for the poll', async () => {
    const user = userEvent.setup()
    const { fetch, server } = renderPage()
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    server.job = processingJob()

    // Another job's news changes nothing here.
    await act(async () => {
      publishCompilationEvent({ tenantId, jobId: '0190c0de-0000-7000-8000-0000000000ff', status: 'processing' })
      // Time for a refetch to reach fetch, had one been started.
      await new Promise((resolve) => setTimeout(resolve, 100))
    })
    expect(requestsTo(fetch, 'GET', jobPath)).toHaveLength(0)
    expect(progressBar()).toHaveAttribute('aria-valuenow', '30')

    act(() => publishCompilationEvent({ tenantId, jobId, status: 'processing' }))
    await expectProgress(60, 'Compilando…')
    expect(requestsTo(fetch, 'GET', jobPath)).toHaveLength(1)

    server.job = completedJob()
    act(() => publishCompilationEvent({ tenantId, jobId, status: 'completed' }))
    await expectProgress(100, 'Compilação concluída')
  })

  it("says 'Erro ao consultar o andamento da compilação' when asking fails, and recovers at the next poll", async () => {
    const user = userEvent.setup()
    let unavailable = true
    const { server, poll } = renderPage({
      [`GET ${jobPath}`]: () => (unavailable ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json(server.job)),
    })
    await compile(user)
    await expectProgress(30, 'Na fila de compilação…')
    await poll()
    expect(await screen.findByText('Erro ao consultar o andamento da compilação')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(progressBar()).toHaveAttribute('aria-valuenow', '30')

    unavailable = false
    server.job = processingJob()
    await poll()
    await expectProgress(60, 'Compilando…')
    expect(screen.queryByText('Erro ao consultar o andamento da compilação')).not.toBeInTheDocument()
  })
})
