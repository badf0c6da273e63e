import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { alphaLicense, betaLicense, gammaLicense, licenses, seatRoutes } from '@/features/client-area/test-support'
import type { ClientLicenses } from '@/features/client-area/api/licenses'
import { ClientRobotsPage } from './robots-page'

const LIST = 'GET /api/client/licenses'
const downloadPath = `/api/client/download/${alphaLicense.id}`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [LIST]: () => Response.json(licenses()), ...seatRoutes(), ...handlers }))
  renderWithProviders(<ClientRobotsPage />, { path: '/robots' })
  return fetch
}

const card = async (robot: string) => screen.findByRole('article', { name: robot })

// jsdom has no object URLs: the download tests lend them, watch the link click, and put back whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

function watchSaves() {
  URL.createObjectURL = vi.fn(() => 'blob:rf-robot')
  URL.revokeObjectURL = vi.fn()
  const saved: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return saved
}

describe('client robots page (Meus Robôs)', { timeout: 20_000 }, () => {
  it('shows each license: logo, name, status, description, platform, version, account, expiry and changelog', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Robôs' })).toBeInTheDocument()
    expect(screen.getByTestId('cards-skeleton')).toBeInTheDocument()

    const alpha = await card('Robô Alpha')
    expect(within(alpha).getByRole('img', { name: 'Logo Robô Alpha' })).toHaveAttribute('src', alphaLicense.robotLogoUrl)
    expect(within(alpha).getByText('Ativa')).toBeInTheDocument()
    expect(within(alpha).getByText('Nova versão disponível')).toBeInTheDocument()
    expect(within(alpha).getByText('Opera tendências no índice.')).toBeInTheDocument()
    expect(within(alpha).getByText('MT5')).toBeInTheDocument()
    expect(within(alpha).getByText('v1.2.0')).toBeInTheDocument()
    expect(within(alpha).getByText('12345678')).toBeInTheDocument()
    expect(within(alpha).getByText('Sem expiração')).toBeInTheDocument()
    expect(within(alpha).getByRole('region', { name: 'Novidades da versão v1.2.0' })).toHaveTextContent('Filtro de horário.')
    expect(within(alpha).getByRole('button', { name: 'Download' })).toBeEnabled()
    expect(within(alpha).getByRole('button', { name: 'Trocar Conta' })).toBeEnabled()

    const beta = await card('Robô Beta')
    expect(within(beta).getByTestId('robot-logo-placeholder')).toBeInTheDocument()
    expect(within(beta).getByText('Expirada')).toBeInTheDocument()
    expect(within(beta).getByText('Não vinculada')).toBeInTheDocument()
    expect(within(beta).getByText('15/02/2025')).toBeInTheDocument()
    expect(within(beta).queryByText('Nova versão disponível')).not.toBeInTheDocument()

    const gamma = await card('Robô Gama')
    expect(within(gamma).getByText('Teste')).toBeInTheDocument()
    expect(within(gamma).getByText('31/12/2099')).toBeInTheDocument()
  })

  it('offers Download and Trocar Conta only for usable licenses (active or trial), saying why not', async () => {
    renderPage()
    const beta = await card('Robô Beta')
    expect(within(beta).getByRole('button', { name: 'Download' })).toBeDisabled()
    expect(within(beta).getByRole('button', { name: 'Trocar Conta' })).toBeDisabled()
    expect(within(beta).getByText(/disponíveis apenas para licenças ativas ou em teste/)).toBeInTheDocument()
    const gamma = await card('Robô Gama')
    expect(within(gamma).getByRole('button', { name: 'Download' })).toBeEnabled()
    expect(within(gamma).getByRole('button', { name: 'Trocar Conta' })).toBeEnabled()
  })

  it('disables Download for a robot without a released version', async () => {
    renderPage({ [LIST]: () => Response.json(licenses([{ ...gammaLicense, robotVersion: null }])) })
    const gamma = await card('Robô Gama')
    expect(within(gamma).getByText('Sem versão disponível')).toBeInTheDocument()
    expect(within(gamma).getByRole('button', { name: 'Download' })).toBeDisabled()
    expect(within(gamma).getByRole('button', { name: 'Trocar Conta' })).toBeEnabled()
  })

  it('explains the installation with the WebRequest URL to allow, and copies it', async () => {
    const user = userEvent.setup()
    renderPage()
    const help = await screen.findByRole('region', { name: 'Como instalar' })
    expect(help).toHaveTextContent('Arquivo → Abrir Pasta de Dados → MQL5 → Experts')
    expect(help).toHaveTextContent('Ferramentas → Opções → Expert Advisors')
    expect(help).toHaveTextContent('Permitir WebRequest para as URLs listadas')
    expect(help).toHaveTextContent('o robô só opera com ele ligado')
    expect(help).toHaveTextContent('o aplicativo do celular não roda robôs')
    expect(within(help).getByTestId('web-request-url')).toHaveTextContent('https://loja.roboforge.com')
    await user.click(within(help).getByRole('button', { name: 'Copiar URL' }))
    expect(await navigator.clipboard.readText()).toBe('https://loja.roboforge.com')
  })

  it('downloads the file under the server-given name, with the cookie, and refreshes the list', async () => {
    const user = userEvent.setup()
    const saved = watchSaves()
    const fetch = renderPage({
      [`GET ${downloadPath}`]: () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Disposition': `attachment; filename*=UTF-8''Rob%C3%B4%20Alpha%201.2.0.ex5` } }),
    })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))
    expect(await screen.findByText('Download concluído')).toBeInTheDocument()
    expect(saved).toEqual(['Robô Alpha 1.2.0.ex5'])
    const [request] = requestsTo(fetch, 'GET', downloadPath)
    expect(request!.credentials).toBe('include')
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/client/licenses')).toHaveLength(2))
  })

  it("names the file after the robot when the server gives no name, and says 'Download iniciado' first", async () => {
    const user = userEvent.setup()
    const saved = watchSaves()
    let answer: (response: Response) => void = () => {}
    renderPage({ [`GET ${downloadPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)) })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))
    expect(await screen.findByText('Download iniciado')).toBeInTheDocument()
    answer(new Response(new Uint8Array([1, 2, 3])))
    expect(await screen.findByText('Download concluído')).toBeInTheDocument()
    expect(saved).toEqual(['Robô Alpha.ex5'])
  })

  it("shows 'Erro no download' with the server's message", async () => {
    const user = userEvent.setup()
    const saved = watchSaves()
    const refusal = 'Este robô ainda não tem uma versão disponível para download.'
    renderPage({ [`GET ${downloadPath}`]: () => errorBody(404, refusal) })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))
    const alert = await within(await card('Robô Alpha')).findByRole('alert')
    expect(alert).toHaveTextContent('Erro no download')
    expect(alert).toHaveTextContent(refusal)
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeEnabled()
    expect(saved).toEqual([])
  })

  describe('while the personal copy is prepared (202)', () => {
    /** The 202 of a copy queued a minute ago that the server waits for two minutes in all: half way. */
    // One reading of the clock for both instants: two readings a busy machine spaces out would make the wait
    // 2 minutes and a few milliseconds, which the panel rightly rounds up to 3.
    const preparing = (retryAfterSeconds = 1, now = Date.now()) =>
      Response.json(
        {
          status: 'compiling',
          message: 'Preparando sua cópia pessoal…',
          queuedAt: new Date(now - 60_000).toISOString(),
          fallbackAt: new Date(now + 60_000).toISOString(),
          retryAfterSeconds,
        },
        { status: 202, headers: { 'Retry-After': String(retryAfterSeconds) } },
      )
    const markedFile = () => new Response(new Uint8Array([7, 7, 7]), { headers: { 'Content-Disposition': 'attachment; filename="Robô Alpha 1.2.0.ex5"' } })

    it("shows the server's message and a bar half way, asks again after retryAfterSeconds, then saves the file", async () => {
      const user = userEvent.setup()
      const saved = watchSaves()
      const askedAt: number[] = []
      const answers = [preparing(1), markedFile()]
      const fetch = renderPage({
        [`GET ${downloadPath}`]: () => {
          askedAt.push(Date.now())
          return answers.shift()!
        },
      })
      await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))

      const panel = await screen.findByRole('region', { name: 'Preparando Robô Alpha' })
      expect(within(panel).getByRole('status')).toHaveTextContent('Preparando sua cópia pessoal…')
      const bar = within(panel).getByRole('progressbar', { name: 'Progresso da cópia pessoal' })
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(45)
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(60)
      expect(panel).toHaveTextContent('Isso pode levar até 2 minutos.')
      expect(saved).toEqual([])

      expect(await screen.findByText('Download concluído', {}, { timeout: 8000 })).toBeInTheDocument()
      expect(saved).toEqual(['Robô Alpha 1.2.0.ex5'])
      expect(requestsTo(fetch, 'GET', downloadPath)).toHaveLength(2)
      expect(askedAt[1]! - askedAt[0]!).toBeGreaterThanOrEqual(950)
      expect(screen.queryByRole('region', { name: 'Preparando Robô Alpha' })).not.toBeInTheDocument()
      expect(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' })).toBeEnabled()
    })

    it('stops asking on Cancelar download (from the keyboard), and gives the focus back to Download', async () => {
      const user = userEvent.setup()
      const saved = watchSaves()
      const fetch = renderPage({ [`GET ${downloadPath}`]: () => preparing(1) })
      const download = within(await card('Robô Alpha')).getByRole('button', { name: 'Download' })
      download.focus()
      await user.keyboard('{Enter}')
      const cancel = await screen.findByRole('button', { name: 'Cancelar download' })
      await waitFor(() => expect(cancel).toHaveFocus())
      await user.keyboard('{Enter}')

      expect(screen.queryByRole('region', { name: 'Preparando Robô Alpha' })).not.toBeInTheDocument()
      await waitFor(() => expect(download).toHaveFocus())
      expect(download).toBeEnabled()
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(requestsTo(fetch, 'GET', downloadPath)).toHaveLength(1)
      expect(saved).toEqual([])
      expect(screen.queryByText('Erro no download')).not.toBeInTheDocument()
    })

    it('stops asking when the client leaves the page', async () => {
      const user = userEvent.setup()
      const fetch = mockFetch(apiRoutes({ [LIST]: () => Response.json(licenses()), [`GET ${downloadPath}`]: () => preparing(1) }))
      const { unmount } = renderWithProviders(<ClientRobotsPage />, { path: '/robots' })
      await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))
      await screen.findByRole('region', { name: 'Preparando Robô Alpha' })
      unmount()
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(requestsTo(fetch, 'GET', downloadPath)).toHaveLength(1)
    })

    it("shows a failure while waiting in the card, with the server's message, and Tentar novamente downloads", async () => {
      const user = userEvent.setup()
      const saved = watchSaves()
      const refused = 'Sua licença não está ativa.'
      const answers = [preparing(1), errorBody(403, refused), markedFile()]
      const fetch = renderPage({ [`GET ${downloadPath}`]: () => answers.shift()! })
      await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Download' }))
      await screen.findByRole('region', { name: 'Preparando Robô Alpha' })

      const alert = await screen.findByRole('alert', {}, { timeout: 8000 })
      expect(alert).toHaveTextContent('Erro no download')
      expect(alert).toHaveTextContent(refused)
      expect(screen.queryByRole('region', { name: 'Preparando Robô Alpha' })).not.toBeInTheDocument()

      await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
      expect(await screen.findByText('Download concluído')).toBeInTheDocument()
      expect(saved).toEqual(['Robô Alpha 1.2.0.ex5'])
      expect(requestsTo(fetch, 'GET', downloadPath)).toHaveLength(3)
      expect(screen.queryByText('Erro no download')).not.toBeInTheDocument()
    })
  })

  it('binds another account: digits only, required, then confirms and shows the new account', async () => {
    const user = userEvent.setup()
    let list: ClientLicenses = licenses()
    const fetch = renderPage({
      [LIST]: () => Response.json(list),
      [`PATCH /api/client/licenses/${alphaLicense.id}/account`]: () => {
        list = licenses([{ ...alphaLicense, accountNumber: '987654' }, betaLicense, gammaLicense])
        return Response.json(list.licenses[0])
      },
    })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Trocar Conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Trocar Conta' })
    expect(within(dialog).getByText(/Conta atual: 12345678/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Número da conta é obrigatório')).toBeInTheDocument()

    const input = within(dialog).getByLabelText('Número da Conta')
    await user.type(input, '98a76-54')
    expect(input).toHaveValue('987654')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument()
    expect(screen.getByText('Conta MetaTrader vinculada com sucesso')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(await card('Robô Alpha')).findByText('987654')).toBeInTheDocument()
    const [patch] = requestsTo(fetch, 'PATCH', `/api/client/licenses/${alphaLicense.id}/account`)
    expect(await patch!.json()).toEqual({ accountNumber: '987654' })
  })

  it("keeps the dialog open with the server's refusal (change limit) and a toast", async () => {
    const user = userEvent.setup()
    // The server's words (RebindRefusal::message): the limit the seller set.
    const limit = 'Limite de trocas de conta atingido: 3 troca(s) a cada 30 dias. Fale com o suporte se precisar de outra troca.'
    renderPage({ [`PATCH /api/client/licenses/${alphaLicense.id}/account`]: () => errorBody(429, limit) })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Trocar Conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Trocar Conta' })
    // Before saving, the client is told what the limit covers and that a refusal names it; never "podem ser limitadas".
    expect(dialog).toHaveTextContent(
      'O vendedor limita quantas trocas você pode fazer por período e o intervalo entre elas; se a troca for recusada, aparece aqui o limite ou quando poderá trocar de novo.',
    )
    expect(dialog).not.toHaveTextContent('podem ser limitadas')
    await user.type(within(dialog).getByLabelText('Número da Conta'), '555{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit)
    expect(screen.getByText('Erro ao atualizar conta')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Trocar Conta' })).toBeInTheDocument()
  })

  it("puts the server's account-number error under the input", async () => {
    const user = userEvent.setup()
    const tooLong = 'Conta MT deve ter no máximo 20 dígitos'
    renderPage({ [`PATCH /api/client/licenses/${alphaLicense.id}/account`]: () => errorBody(400, 'Dados inválidos', { accountNumber: tooLong }) })
    await user.click(within(await card('Robô Alpha')).getByRole('button', { name: 'Trocar Conta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Trocar Conta' })
    await user.type(within(dialog).getByLabelText('Número da Conta'), '555{Enter}')
    expect(await within(dialog).findByText(tooLong)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Número da Conta')).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows where each installation stands (Válida, Encerrada… since when), nothing before the robot first ran', async () => {
    renderPage()
    const alpha = await card('Robô Alpha')
    expect(within(alpha).getByText('Situação no MT5')).toBeInTheDocument()
    expect(within(alpha).getByText('Válida')).toBeInTheDocument()
    expect(within(alpha).getByText(/^desde 11\/03\/2025 \d\d:30$/)).toBeInTheDocument()
    expect(within(await card('Robô Beta')).getByText('Encerrada')).toBeInTheDocument()
    const gamma = await card('Robô Gama')
    expect(within(gamma).queryByText('Situação no MT5')).not.toBeInTheDocument()
    expect(within(gamma).queryByTestId('installation-state')).not.toBeInTheDocument()
  })

  it('asks to confirm the MT5 account when the robot waits for it, and confirms it in the account dialog', async () => {
    const user = userEvent.setup()
    let list: ClientLicenses = licenses()
    const fetch = renderPage({
      [LIST]: () => Response.json(list),
      [`PATCH /api/client/licenses/${gammaLicense.id}/account`]: () => {
        const confirmed = { ...gammaLicense, accountNumber: '5550001', needsAccountConfirmation: false }
        list = licenses([alphaLicense, betaLicense, confirmed])
        return Response.json(confirmed)
      },
    })
    expect(within(await card('Robô Alpha')).queryByText(/Confirme o número da sua conta MT5/)).not.toBeInTheDocument()
    expect(within(await card('Robô Beta')).queryByText(/Confirme o número da sua conta MT5/)).not.toBeInTheDocument()
    const gamma = await card('Robô Gama')
    expect(within(gamma).getByText('Confirme o número da sua conta MT5 para usar este robô')).toBeInTheDocument()

    await user.click(within(gamma).getByRole('button', { name: 'Confirmar conta MT5 de Robô Gama' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Conta MT5' })
    // The first binding does not count against the seller's limit (the server checks it only on a change).
    expect(dialog).toHaveTextContent('A primeira vinculação é livre: só as trocas seguintes contam no limite do vendedor.')
    const input = within(dialog).getByLabelText('Número da Conta')
    expect(input).toHaveFocus()
    await user.type(input, '5550001{Enter}')
    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const confirmed = await card('Robô Gama')
    expect(await within(confirmed).findByText('5550001')).toBeInTheDocument()
    expect(within(confirmed).queryByText(/Confirme o número da sua conta MT5/)).not.toBeInTheDocument()
    const [patch] = requestsTo(fetch, 'PATCH', `/api/client/licenses/${gammaLicense.id}/account`)
    expect(await patch!.json()).toEqual({ accountNumber: '5550001' })
  })

  it('says when the client has no robot yet', async () => {
    renderPage({ [LIST]: () => Response.json(licenses([])) })
    expect(await screen.findByText('Você ainda não possui nenhum robô.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Como instalar' })).not.toBeInTheDocument()
  })

  it("shows 'Erro ao carregar licenças' with a retry", async () => {
    const user = userEvent.setup()
    let fail = true
    renderPage({ [LIST]: () => (fail ? errorBody(500, 'Falha interna') : Response.json(licenses())) })
    expect(await screen.findByText('Erro ao carregar licenças')).toBeInTheDocument()
    expect(screen.getByText('Falha interna')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await card('Robô Alpha')).toBeInTheDocument()
  })
})
