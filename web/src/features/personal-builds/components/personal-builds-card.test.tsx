import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import type { LeakTrace, SharedBuildClient } from '../api/personal-builds'
import { ACTIVE_UPLOADED_EX5, NO_VERSION_YET, PersonalBuildsCard, UPLOADED_EX5_HAS_NO_PERSONAL_BUILDS } from './personal-builds-card'

const robotId = '0190c0de-0000-7000-8000-0000000000a1'
const SHARED = `/api/tenant/robots/${robotId}/shared-build-clients`
const TRACE = `/api/tenant/robots/${robotId}/leak-trace`
const licenseId = '0190c0de-0000-7000-8000-0000000000d1'
const buildId = '0190c0de-0000-7000-8000-0000000000e1'
const REVOKE = `/api/tenant/licenses/${licenseId}/builds/revoke`

const compiled = { active: true, compileJobId: '5c1d7e9a-0000-7000-8000-0000000000f1' }
const uploaded = { active: true, compileJobId: null }

const client = (n: number, buildStatus: string | null): SharedBuildClient => ({
  licenseId: `0190c0de-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  clientId: `0190c0de-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  clientName: `Cliente ${n}`,
  clientEmail: `cliente${n}@ex.com`,
  buildStatus,
})

const leak: LeakTrace = {
  buildId,
  buildMark: '5f3c9a0e1b2d4c6e8f0a1b2c3d4e5f60',
  buildStatus: 'ready',
  builtAt: '2025-03-10T12:00:00Z',
  readyAt: '2025-03-10T12:01:30Z',
  revokedAt: null,
  version: '1.2.0',
  licenseId,
  licenseStatus: 'active',
  accountNumber: '12345678',
  clientId: '0190c0de-0000-7000-8000-000000000004',
  clientName: 'Carla Cliente Souza',
  clientEmail: 'carla@ex.com',
  downloads: [
    { ip: '203.0.113.9', downloadedAt: '2025-03-12T18:45:00Z' },
    { ip: '198.51.100.7', downloadedAt: '2025-03-10T12:05:00Z' },
  ],
}

function renderCard({
  versions = [compiled],
  canRevoke = true,
  handlers = {},
}: { versions?: { active: boolean; compileJobId: string | null }[]; canRevoke?: boolean; handlers?: Parameters<typeof apiRoutes>[0] } = {}) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${SHARED}`]: () => Response.json({ items: [client(1, 'queued'), client(2, 'compiling'), client(3, 'failed'), client(4, 'revoked'), client(5, null)] }),
      [`POST ${TRACE}`]: () => Response.json(leak),
      [`POST ${REVOKE}`]: () => Response.json({ buildId, licenseId, status: 'revoked' }),
      ...handlers,
    }),
  )
  renderWithProviders(<PersonalBuildsCard robotId={robotId} versions={versions} canRevoke={canRevoke} />)
  return fetch
}

const section = () => screen.getByRole('region', { name: 'Cópias pessoais' })
const foundFile = (type = 'application/octet-stream') => new File([new Uint8Array([0x4d, 0x51, 0x4c, 0x35])], 'achado.ex5', { type })

async function traceFile(user: ReturnType<typeof userEvent.setup>, file = foundFile()) {
  await user.upload(screen.getByLabelText('Arquivo .ex5 encontrado'), file)
  await user.click(screen.getByRole('button', { name: 'Rastrear vazamento' }))
  return screen.findByRole('region', { name: 'Resultado do rastreamento' })
}

describe('personal builds card (Cópias pessoais)', { timeout: 20_000 }, () => {
  it('lists the clients still on the shared file, each with its copy status in pt-BR', async () => {
    renderCard()
    const table = await screen.findByRole('table', { name: 'Clientes na cópia padrão' })
    await within(table).findByText('Cliente 1')
    const rows = within(table).getAllByRole('row')
    const cells = rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
    expect(cells).toEqual([
      ['Cliente 1', 'cliente1@ex.com', 'Na fila'],
      ['Cliente 2', 'cliente2@ex.com', 'Compilando'],
      ['Cliente 3', 'cliente3@ex.com', 'Falhou'],
      ['Cliente 4', 'cliente4@ex.com', 'Revogada'],
      ['Cliente 5', 'cliente5@ex.com', 'Sem cópia pessoal'],
    ])
    expect(within(section()).getByRole('heading', { level: 3, name: 'Clientes ainda na cópia padrão' })).toBeInTheDocument()
  })

  it('says when every active client already has a personal copy', async () => {
    renderCard({ handlers: { [`GET ${SHARED}`]: () => Response.json({ items: [] }) } })
    expect(await screen.findByText('Todos os clientes ativos já têm a sua cópia pessoal da versão ativa.')).toBeInTheDocument()
  })

  it("shows the list's failure with the server's message, and Tentar novamente asks again", async () => {
    const user = userEvent.setup()
    let fail = true
    const fetch = renderCard({ handlers: { [`GET ${SHARED}`]: () => (fail ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json({ items: [client(1, null)] })) } })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao carregar clientes')
    expect(alert).toHaveTextContent('Servidor ocupado, tente novamente.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Cliente 1')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', SHARED)).toHaveLength(2)
  })

  it('says plainly that a robot uploaded as .ex5 has no personal copies, and offers none of the tools', async () => {
    const fetch = renderCard({ versions: [uploaded, { active: false, compileJobId: null }] })
    expect(within(section()).getByText(UPLOADED_EX5_HAS_NO_PERSONAL_BUILDS)).toBeInTheDocument()
    expect(UPLOADED_EX5_HAS_NO_PERSONAL_BUILDS).toBe(
      'Robôs enviados como .ex5 não têm cópias pessoais: a plataforma não tem o código-fonte para compilar uma cópia por licença.',
    )
    expect(screen.queryByRole('button', { name: 'Rastrear vazamento' })).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetch).not.toHaveBeenCalled()
  })

  it('keeps only the trace when the active version is an uploaded .ex5 but older ones were compiled', async () => {
    const fetch = renderCard({ versions: [uploaded, { active: false, compileJobId: compiled.compileJobId }] })
    expect(within(section()).getByText(ACTIVE_UPLOADED_EX5)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rastrear vazamento' })).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Clientes na cópia padrão' })).not.toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', SHARED)).toHaveLength(0)
  })

  it('says a robot without versions has no personal copies yet', () => {
    renderCard({ versions: [] })
    expect(within(section()).getByText(NO_VERSION_YET)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rastrear vazamento' })).not.toBeInTheDocument()
  })

  it('traces a found .ex5: sends it as multipart `file` and shows the build, license, buyer and downloads (IP, date and time)', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    const result = await traceFile(user, foundFile('application/x-found-ex5'))

    const [request] = requestsTo(fetch, 'POST', TRACE)
    expect(request!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(request!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    const fields = Object.fromEntries((await request!.formData()).entries())
    expect(Object.keys(fields)).toEqual(['file'])
    expect(fields.file).toHaveProperty('type', 'application/x-found-ex5')

    expect(result).toHaveTextContent('Este arquivo é a cópia pessoal de Carla Cliente Souza.')
    const detail = (label: string) => within(result).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(detail('Comprador')).toHaveTextContent('Carla Cliente Souza')
    expect(detail('E-mail')).toHaveTextContent('carla@ex.com')
    expect(detail('Licença')).toHaveTextContent(`${licenseId} · Ativa`)
    expect(detail('Conta MT')).toHaveTextContent('12345678')
    expect(detail('Versão')).toHaveTextContent('v1.2.0')
    expect(detail('Cópia (build)')).toHaveTextContent(buildId)
    expect(detail('Marca da cópia')).toHaveTextContent(leak.buildMark)
    expect(detail('Gerada em')).toHaveTextContent(/^10\/03\/2025 \d\d:01$/)
    expect(within(result).getByText('Pronta')).toBeInTheDocument()

    const downloads = within(result).getByRole('table', { name: 'Downloads desta cópia' })
    const rows = within(downloads)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
    expect(rows).toHaveLength(2)
    expect(rows[0]![0]).toMatch(/^12\/03\/2025 \d\d:45$/)
    expect(rows[0]![1]).toBe('203.0.113.9')
    expect(rows[1]![0]).toMatch(/^10\/03\/2025 \d\d:05$/)
    expect(rows[1]![1]).toBe('198.51.100.7')
  })

  it('takes a dropped file', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    const input = screen.getByLabelText('Arquivo .ex5 encontrado')
    fireEvent.drop(input.parentElement!, { dataTransfer: { files: [foundFile('application/x-dropped')] } })
    expect(screen.getByText('achado.ex5')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Rastrear vazamento' }))
    expect(await screen.findByRole('region', { name: 'Resultado do rastreamento' })).toBeInTheDocument()
    const fields = Object.fromEntries((await requestsTo(fetch, 'POST', TRACE)[0]!.formData()).entries())
    expect(fields.file).toHaveProperty('type', 'application/x-dropped')
  })

  it('asks for the file before sending anything', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    await user.click(screen.getByRole('button', { name: 'Rastrear vazamento' }))
    expect(screen.getByText('Escolha o arquivo .ex5 encontrado.')).toBeInTheDocument()
    expect(screen.getByLabelText('Arquivo .ex5 encontrado')).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(fetch, 'POST', TRACE)).toHaveLength(0)
  })

  it('says when the copy has never been downloaded', async () => {
    const user = userEvent.setup()
    renderCard({ handlers: { [`POST ${TRACE}`]: () => Response.json({ ...leak, downloads: [] }) } })
    const result = await traceFile(user)
    expect(within(result).getByText('Nenhum download registrado desta cópia.')).toBeInTheDocument()
  })

  it.each([
    [404, 'Nenhuma cópia pessoal deste robô corresponde a este arquivo (nem pelo conteúdo, nem por uma marca).'],
    [400, 'O arquivo enviado não é um .ex5.'],
    [413, 'Arquivo muito grande. Tamanho máximo: 50MB'],
  ])("shows the server's pt-BR message when the trace answers %i", async (status, message) => {
    const user = userEvent.setup()
    renderCard({ handlers: { [`POST ${TRACE}`]: () => errorBody(status, message) } })
    await user.upload(screen.getByLabelText('Arquivo .ex5 encontrado'), foundFile())
    await user.click(screen.getByRole('button', { name: 'Rastrear vazamento' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao rastrear arquivo')
    expect(alert).toHaveTextContent(message)
    expect(screen.queryByRole('region', { name: 'Resultado do rastreamento' })).not.toBeInTheDocument()
  })

  it('says a file too big for the proxy (413 without a message) is too big', async () => {
    const user = userEvent.setup()
    renderCard({ handlers: { [`POST ${TRACE}`]: () => new Response('<html>413</html>', { status: 413 }) } })
    await user.upload(screen.getByLabelText('Arquivo .ex5 encontrado'), foundFile())
    await user.click(screen.getByRole('button', { name: 'Rastrear vazamento' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo é grande demais para ser rastreado.')
  })

  it('revokes the traced copy after confirming: sends its buildId to the license, then shows it revoked', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    await screen.findByText('Cliente 1')
    const result = await traceFile(user)
    await user.click(within(result).getByRole('button', { name: 'Revogar esta cópia' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Revogar esta cópia?' })
    expect(dialog).toHaveTextContent('A cópia de Carla Cliente Souza deixa de funcionar na próxima verificação de licença.')
    expect(requestsTo(fetch, 'POST', REVOKE)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }))

    expect(await screen.findByText('Cópia revogada', { selector: '[data-slot="alert-title"]' })).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', REVOKE)
    expect(await request!.json()).toEqual({ buildId })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(within(result).getByText('Revogada')).toBeInTheDocument()
    expect(within(result).queryByRole('button', { name: 'Revogar esta cópia' })).not.toBeInTheDocument()
    expect(screen.getByText(/A próxima verificação desta cópia será recusada/)).toBeInTheDocument()
    // The buyer may be back on the shared file: the list is asked again.
    await waitFor(() => expect(requestsTo(fetch, 'GET', SHARED)).toHaveLength(2))
  })

  it('sends nothing when the revocation is cancelled', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    const result = await traceFile(user)
    await user.click(within(result).getByRole('button', { name: 'Revogar esta cópia' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(fetch, 'POST', REVOKE)).toHaveLength(0)
    expect(within(result).getByRole('button', { name: 'Revogar esta cópia' })).toBeInTheDocument()
  })

  it("keeps the dialog open with the server's message when the revocation fails", async () => {
    const user = userEvent.setup()
    renderCard({ handlers: { [`POST ${REVOKE}`]: () => errorBody(404, 'Cópia pessoal não encontrada nesta licença') } })
    const result = await traceFile(user)
    await user.click(within(result).getByRole('button', { name: 'Revogar esta cópia' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revogar' }))
    expect(await screen.findByText('Erro ao revogar cópia')).toBeInTheDocument()
    expect(screen.getByText('Cópia pessoal não encontrada nesta licença')).toBeInTheDocument()
    expect(screen.getByRole('alertdialog', { name: 'Revogar esta cópia?' })).toBeInTheDocument()
    expect(within(result).getByText('Pronta')).toBeInTheDocument()
  })

  it('offers no revocation to a role that cannot manage licenses, nor for a copy already revoked', async () => {
    const user = userEvent.setup()
    renderCard({ canRevoke: false })
    const result = await traceFile(user)
    expect(within(result).getByText('Carla Cliente Souza', { selector: 'dd' })).toBeInTheDocument()
    expect(within(result).queryByRole('button', { name: 'Revogar esta cópia' })).not.toBeInTheDocument()
  })

  it('shows a copy already revoked as such, with when', async () => {
    const user = userEvent.setup()
    renderCard({ handlers: { [`POST ${TRACE}`]: () => Response.json({ ...leak, buildStatus: 'revoked', revokedAt: '2025-03-13T09:10:00Z' }) } })
    const result = await traceFile(user)
    expect(within(result).getByText('Revogada')).toBeInTheDocument()
    expect(within(result).getByText('Revogada em', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^13\/03\/2025 \d\d:10$/)
    expect(within(result).queryByRole('button', { name: 'Revogar esta cópia' })).not.toBeInTheDocument()
  })
})
