import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { completedImport, failedFactory, mql5Source, pendingImport } from '@/features/admin-compile/test-support'
import { CompilationHistoryPage } from './compilation-history-page'

beforeAll(polyfillRadixSelect)

// jsdom has no object URLs: the download test lends them and puts back whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

const sourcePath = `/api/compilation-history/${completedImport.id}/source`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/compilation-history': () => Response.json(page([completedImport, failedFactory])),
      [`GET ${sourcePath}`]: () => Response.json({ sourceCode: mql5Source }),
      ...handlers,
    }),
  )
  renderWithProviders(<CompilationHistoryPage />, { path: '/compilation-history' })
  return fetch
}

const rowOf = async (robot: string) => (await screen.findByText(robot)).closest('tr')!
const lastQuery = (fetch: ReturnType<typeof mockFetch>) => new URL(requestsTo(fetch, 'GET', '/api/compilation-history').at(-1)!.url).searchParams

describe('admin compilation history page', { timeout: 30_000 }, () => {
  it('lists date, tenant, robot, origin and status; failed rows say why and rows without source say Indisponível', async () => {
    renderPage({ 'GET /api/compilation-history': () => Response.json(page([completedImport, failedFactory, pendingImport])) })
    const done = await rowOf('Scalper Pro')
    expect(within(done).getByText(/^10\/03\/2025 \d\d:30$/)).toBeInTheDocument()
    expect(within(done).getByText('Robôs do João')).toBeInTheDocument()
    expect(within(done).getByText('Importação')).toBeInTheDocument()
    expect(within(done).getByText('Concluído')).toBeInTheDocument()
    expect(within(done).getByRole('button', { name: 'Ver código de Scalper Pro' })).toBeInTheDocument()

    const failed = await rowOf('Grid Master')
    expect(within(failed).getByText('Trader Pro')).toBeInTheDocument()
    expect(within(failed).getByText('Fábrica IA')).toBeInTheDocument()
    expect(within(failed).getByText('Falhou')).toBeInTheDocument()
    expect(within(failed).getByText("'OrderSend' - wrong parameters count")).toBeInTheDocument()
    expect(within(failed).getByText('Indisponível')).toBeInTheDocument()
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument()

    expect(within(await rowOf('Trend Rider')).getByText('Pendente')).toBeInTheDocument()
    for (const header of ['Data', 'Tenant', 'Robô', 'Origem', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it('shows five skeleton rows while loading, then the empty text of a list without filters', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/compilation-history': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(page([])))
    expect(await screen.findByText('Nenhuma compilação registrada ainda')).toBeInTheDocument()
  })

  it('sends search, origin and status to the server, says nothing matched, and clears the filters', async () => {
    const fetch = renderPage({
      'GET /api/compilation-history': (_request, url) => Response.json(page(url.searchParams.size > 2 ? [] : [completedImport])),
    })
    await screen.findByText('Scalper Pro')
    expect(Object.fromEntries(lastQuery(fetch))).toEqual({ page: '1', pageSize: '20' })

    await userEvent.type(screen.getByLabelText('Buscar por robô ou tenant'), 'joão')
    await choose('Filtrar por origem', 'Fábrica IA')
    await choose('Filtrar por status', 'Pendente')
    await waitFor(() => expect(Object.fromEntries(lastQuery(fetch))).toEqual({ page: '1', pageSize: '20', q: 'joão', source: 'ai-factory', status: 'pending' }))
    expect(await screen.findByText('Nenhuma compilação encontrada com esses filtros')).toBeInTheDocument()
    expect(screen.queryByText('Nenhuma compilação registrada ainda')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Limpar filtros/ }))
    await waitFor(() => expect(Object.fromEntries(lastQuery(fetch))).toEqual({ page: '1', pageSize: '20' }))
    expect(await screen.findByText('Scalper Pro')).toBeInTheDocument()
  })

  it('offers every status, import and AI factory as filters', async () => {
    renderPage()
    await screen.findByText('Scalper Pro')
    await userEvent.click(screen.getByLabelText('Filtrar por status'))
    const statuses = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)
    expect(statuses).toEqual(['Todos os status', 'Concluído', 'Falhou', 'Processando', 'Pendente'])
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByLabelText('Filtrar por origem'))
    const sources = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)
    expect(sources).toEqual(['Todas as origens', 'Importação', 'Fábrica IA'])
  })

  it('pages on the server', async () => {
    const fetch = renderPage({
      'GET /api/compilation-history': (_request, url) =>
        Response.json(page(url.searchParams.get('page') === '2' ? [failedFactory] : [completedImport], { total: 25, page: Number(url.searchParams.get('page')) })),
    })
    await screen.findByText('Scalper Pro')
    expect(screen.getByText('25 registros')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    expect(await screen.findByText('Grid Master')).toBeInTheDocument()
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument()
    expect(lastQuery(fetch).get('page')).toBe('2')
  })

  it("shows the row's MQL5 source in a dialog, asking with the row's origin, and downloads it as a .mq5", async () => {
    const user = userEvent.setup()
    URL.createObjectURL = vi.fn(() => 'blob:rf-source')
    URL.revokeObjectURL = vi.fn()
    const saved: { name: string; href: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href })
    })
    const fetch = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Ver código de Scalper Pro' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByTestId('source-code')).toHaveTextContent('#property strict')
    expect(within(dialog).getByTestId('source-code').textContent).toBe(mql5Source)
    const [request] = requestsTo(fetch, 'GET', sourcePath)
    expect(new URL(request!.url).searchParams.get('source')).toBe('import')

    await user.click(within(dialog).getByRole('button', { name: 'Baixar .mq5' }))
    expect(saved).toEqual([{ name: 'Scalper Pro.mq5', href: 'blob:rf-source' }])
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob
    expect(await blob.text()).toBe(mql5Source)

    await user.click(within(dialog).getByRole('button', { name: 'Copiar código' }))
    expect(await navigator.clipboard.readText()).toBe(mql5Source)
  })

  it("says 'Código-fonte indisponível' and closes the dialog when the server has no source (404)", async () => {
    renderPage({ [`GET ${sourcePath}`]: () => errorBody(404, 'Esta compilação não possui código-fonte armazenado') })
    await userEvent.click(await screen.findByRole('button', { name: 'Ver código de Scalper Pro' }))
    expect(await screen.findByText('Código-fonte indisponível')).toBeInTheDocument()
    expect(screen.getByText('Esta compilação não possui código-fonte armazenado')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("says 'Erro ao carregar código' and closes the dialog when the source call fails otherwise", async () => {
    renderPage({ [`GET ${sourcePath}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await userEvent.click(await screen.findByRole('button', { name: 'Ver código de Scalper Pro' }))
    expect(await screen.findByText('Erro ao carregar código')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.queryByText('Código-fonte indisponível')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the error with a retry when the list fails', async () => {
    renderPage({ 'GET /api/compilation-history': () => errorBody(400, 'Filtro inválido') })
    expect(await screen.findByText('Filtro inválido')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
