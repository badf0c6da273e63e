import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { alpha, alphaLicense, betaLicense, details, maria, robotsPage } from '@/features/tenant-clients/test-support'
import { TenantClientDetailsPage } from './client-details-page'

beforeAll(polyfillRadixSelect)

const detailsPath = `/api/tenant/clients/${maria.id}/details`
const emailsPath = `/api/tenant/clients/${maria.id}/emails`

const NOT_CONFIGURED = 'E-mail não enviado: remetente não configurado. Configure o envio em Configurações → E-mails, ou envie o acesso ao comprador por outro meio.'
const welcomeNotSent = {
  id: '0190c0de-0000-7000-8000-0000000000m1',
  subject: 'Bem-vindo(a) à Loja Robôs',
  template: 'welcome',
  kind: 'Boas-vindas (acesso)',
  status: 'not_configured',
  statusLabel: 'Não enviado: remetente não configurado',
  reason: NOT_CONFIGURED,
  createdAt: '2026-11-27T10:00:00Z',
  sentAt: null,
  canResend: true,
}
const codeSent = {
  id: '0190c0de-0000-7000-8000-0000000000m2',
  subject: 'Seu código de acesso — Loja Robôs',
  template: 'sign_in_code',
  kind: 'Código de acesso',
  status: 'sent',
  statusLabel: 'Enviado',
  reason: null,
  createdAt: '2026-11-27T11:00:00Z',
  sentAt: '2026-11-27T11:00:05Z',
  canResend: false,
}

/** The page at /clients/:id, reached from / so the route's parameter is filled in. */
function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, id = maria.id, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${detailsPath}`]: () => Response.json(details),
      [`GET ${emailsPath}`]: () => Response.json([]),
      'GET /api/tenant/robots': () => Response.json(robotsPage()),
      ...handlers,
    }),
  )
  renderWithProviders(<Navigate to={`/clients/${id}`} />, {
    queryData: [signedInOwner(role)],
    path: '/',
    routes: <Route path="/clients/:id" element={<TenantClientDetailsPage />} />,
  })
  return fetch
}

const region = (name: string) => screen.getByRole('region', { name })

describe('tenant client details page', { timeout: 30_000 }, () => {
  it('shows the client with their robots, installations, subscriptions and purchases', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument()
    expect(screen.getByText('maria@exemplo.com')).toBeInTheDocument()
    expect(screen.getByText('(11) 99999-0000')).toBeInTheDocument()
    expect(screen.getByText('Ativo')).toBeInTheDocument()

    const robots = region('Robôs vinculados')
    const alphaRow = within(robots).getByText('Robô Alpha').closest('tr')!
    expect(within(alphaRow).getByText('12345678')).toBeInTheDocument()
    expect(within(alphaRow).getByText('Ativa')).toBeInTheDocument()
    expect(within(alphaRow).getByText(/^(Expira|Expirou) em 10\/03\/2026$/)).toBeInTheDocument()
    expect(within(alphaRow).getByTitle('Possível compartilhamento de licença')).toHaveTextContent('2')
    expect(within(alphaRow).getByText('há cerca de 3 horas')).toBeInTheDocument()
    const betaRow = within(robots).getByText('Robô Beta').closest('tr')!
    expect(within(betaRow).getByText('Teste')).toBeInTheDocument()
    expect(within(betaRow).getByText('Não expira')).toBeInTheDocument()
    expect(within(betaRow).getByText('Nunca')).toBeInTheDocument()

    const installations = region('Instalações')
    expect(within(installations).getByRole('status')).toHaveTextContent('Possível compartilhamento de licença')
    expect(within(installations).getByRole('status')).toHaveTextContent('Robô Alpha')
    const valid = within(installations).getByText('12345678').closest('tr')!
    expect(within(valid).getByText('Válida')).toBeInTheDocument()
    expect(within(valid).getByText(/^desde 11\/03\/2025 \d\d:00$/)).toBeInTheDocument()
    expect(within(valid).getByText('há cerca de 3 horas')).toBeInTheDocument()
    expect(within(valid).getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeInTheDocument()
    expect(within(valid).getByText('1.520')).toBeInTheDocument()
    expect(valid).toHaveAttribute('data-shared', 'true')
    const refused = within(installations).getByText('87654321').closest('tr')!
    expect(within(refused).getByText('Negada')).toBeInTheDocument()
    expect(within(refused).getByText('ACCOUNT_MISMATCH')).toBeInTheDocument()
    expect(within(refused).getByText('há 1 dia')).toBeInTheDocument()

    const subscriptions = region('Assinaturas')
    const subscription = within(subscriptions).getByText('Mensal').closest('tr')!
    expect(within(subscription).getByText('R$ 97,00')).toBeInTheDocument()
    expect(within(subscription).getByText('10/05/2025')).toBeInTheDocument()

    const sales = region('Histórico de compras')
    const sale = within(sales).getByText('HP-2025-001').closest('tr')!
    expect(within(sale).getByText('R$ 197,00')).toBeInTheDocument()
    expect(within(sale).getByText('R$ 170,50')).toBeInTheDocument()
    expect(within(sale).getByText('Confirmada')).toBeInTheDocument()
    expect(within(sale).getByText('Hotmart')).toBeInTheDocument()
  })

  it('shows the empty text of each section of a client with no history', async () => {
    renderPage({ [`GET ${detailsPath}`]: () => Response.json({ client: maria, licenses: [], installations: [], subscriptions: [], sales: [] }) })
    expect(await screen.findByText('Nenhum robô vinculado')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma instalação registrada')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma assinatura')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma compra registrada')).toBeInTheDocument()
    expect(screen.queryByText('Possível compartilhamento de licença')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Trocar Conta' })).toBeDisabled()
  })

  it('shows skeletons while loading', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ [`GET ${detailsPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findByTestId('client-details-skeleton')).toBeInTheDocument()
    answer(Response.json(details))
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument()
    expect(screen.queryByTestId('client-details-skeleton')).not.toBeInTheDocument()
  })

  it("says 'Cliente não encontrado' for an unknown client, with the way back", async () => {
    const unknown = '0190c0de-0000-7000-8000-000000000999'
    renderPage({ [`GET /api/tenant/clients/${unknown}/details`]: () => errorBody(404, 'Cliente não encontrado') }, unknown)
    expect(await screen.findByRole('alert')).toHaveTextContent('Cliente não encontrado')
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para clientes' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/clients$/)
  })

  it("shows an error card 'Erro ao carregar detalhes do cliente' that retries", async () => {
    let fail = true
    const fetch = renderPage({
      [`GET ${detailsPath}`]: () => (fail ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json(details)),
    })
    const card = await screen.findByRole('alert')
    expect(card).toHaveTextContent('Erro ao carregar detalhes do cliente')
    expect(card).toHaveTextContent('Servidor ocupado, tente novamente.')
    fail = false
    await userEvent.click(within(card).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', detailsPath)).toHaveLength(2)
  })

  it("sends the welcome e-mail of a chosen robot and toasts the server's confirmation", async () => {
    const fetch = renderPage({
      [`POST /api/tenant/clients/${maria.id}/send-email`]: () => Response.json({ message: 'E-mail na fila de envio para maria@exemplo.com' }, { status: 202 }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar E-mail' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await within(dialog).findByText('Selecione um robô', { selector: '[role=alert]' })).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/tenant/clients/${maria.id}/send-email`)).toHaveLength(0)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('E-mail na fila de envio')).toBeInTheDocument()
    expect(screen.getByText('E-mail na fila de envio para maria@exemplo.com')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', `/api/tenant/clients/${maria.id}/send-email`)
    expect(await request!.json()).toEqual({ robotId: alpha.id })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says a refused e-mail was not sent, with the reason, instead of confirming it', async () => {
    const reason = 'Não enviado: a empresa atingiu o limite de 300 e-mails por dia enviados pelo RoboForge.'
    renderPage({ [`POST /api/tenant/clients/${maria.id}/send-email`]: () => errorBody(429, reason) })
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar E-mail' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Erro ao enviar e-mail')).toBeInTheDocument()
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0)
    expect(screen.queryByText('E-mail na fila de envio')).not.toBeInTheDocument()
  })

  it("titles a failed e-mail 'Erro ao enviar e-mail'", async () => {
    renderPage({ [`POST /api/tenant/clients/${maria.id}/send-email`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar E-mail' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Erro ao enviar e-mail')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
  })

  it("switches the account of one of the client's licenses and shows the page again with it", async () => {
    let switched = false
    const fetch = renderPage({
      [`GET ${detailsPath}`]: () =>
        Response.json(switched ? { ...details, licenses: [{ ...alphaLicense, accountNumber: '99887766' }, betaLicense] } : details),
      [`PATCH /api/tenant/licenses/${alphaLicense.id}/switch-account`]: () => {
        switched = true
        return Response.json({ ...alphaLicense, accountNumber: '99887766' })
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Trocar Conta' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Selecione uma licença', { selector: '[role=alert]' })).toBeInTheDocument()
    expect(within(dialog).getByText('Número da conta obrigatório')).toBeInTheDocument()
    await choose(/^Licença/, 'Robô Alpha — conta 12345678', dialog)
    expect(within(dialog).getByText('Conta atual: 12345678')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(/^Número da Conta/), '99887766')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}/switch-account`)
    expect(await request!.json()).toEqual({ accountNumber: '99887766' })
    expect(await within(region('Robôs vinculados')).findByText('99887766')).toBeInTheDocument()
  })

  it("titles a failed switch 'Erro ao trocar conta' and shows the server's field message", async () => {
    renderPage({
      [`PATCH /api/tenant/licenses/${betaLicense.id}/switch-account`]: () =>
        errorBody(400, 'Por favor, corrija os campos destacados.', { accountNumber: 'Conta MT deve ter no máximo 20 dígitos' }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Trocar Conta' }))
    const dialog = await screen.findByRole('dialog')
    await choose(/^Licença/, 'Robô Beta — sem conta', dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Número da Conta/), '123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao trocar conta')).toBeInTheDocument()
    expect(within(dialog).getByText('Conta MT deve ter no máximo 20 dígitos')).toBeInTheDocument()
  })

  it('shows a Financeiro owner the client without e-mailing them or switching an account', async () => {
    renderPage({}, maria.id, 'financial')
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enviar E-mail' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Trocar Conta' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Apagar dados do cliente' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copiar link de acesso' })).not.toBeInTheDocument()
  })

  it('lets a Suporte owner e-mail the client and switch an account', async () => {
    renderPage({}, maria.id, 'support')
    expect(await screen.findByRole('button', { name: 'Enviar E-mail' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Trocar Conta' })).toBeInTheDocument()
    // Erasing a client's data (LGPD) is for administrators only.
    expect(screen.queryByText('Dados pessoais (LGPD)')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Exportar dados (LGPD)' })).not.toBeInTheDocument()
  })
  it("shows the client's e-mails as they went: the label, the reason, and resend only where a copy may go", async () => {
    const fetch = renderPage({
      [`GET ${emailsPath}`]: () => Response.json([codeSent, welcomeNotSent]),
      [`POST /api/tenant/emails/${welcomeNotSent.id}/resend`]: () =>
        Response.json({ id: 'new', status: 'not_configured', message: NOT_CONFIGURED }, { status: 202 }),
    })
    const emails = await screen.findByRole('table', { name: 'E-mails do cliente' })
    const welcome = (await within(emails).findByText('Boas-vindas (acesso)')).closest('tr')!
    expect(within(welcome).getByText('Não enviado: remetente não configurado')).toBeInTheDocument()
    expect(within(welcome).getByText(NOT_CONFIGURED)).toBeInTheDocument()
    const code = within(emails).getByText('Código de acesso').closest('tr')!
    expect(within(code).getByText('Enviado')).toBeInTheDocument()
    const noResend = within(code).getByRole('button', { name: /Reenviar/ })
    expect(noResend).toBeDisabled()
    expect(noResend).toHaveAccessibleDescription(/Links e códigos de uso único não são reenviados/)

    await userEvent.click(within(welcome).getByRole('button', { name: /^Reenviar Boas-vindas \(acesso\)/ }))
    // The answer as the server gave it: still not sent, and why.
    expect(await screen.findByText('E-mail não reenviado')).toBeInTheDocument()
    expect(screen.getAllByText(NOT_CONFIGURED)).toHaveLength(2)
    expect(requestsTo(fetch, 'POST', `/api/tenant/emails/${welcomeNotSent.id}/resend`)).toHaveLength(1)
    await waitFor(() => expect(requestsTo(fetch, 'GET', emailsPath)).toHaveLength(2))
  })

  it('says a queued resend is queued, and a refused one with the reason', async () => {
    let answer = 0
    renderPage({
      [`GET ${emailsPath}`]: () => Response.json([{ ...welcomeNotSent, status: 'failed', statusLabel: 'Falhou', reason: 'Resend recusou a chave' }]),
      [`POST /api/tenant/emails/${welcomeNotSent.id}/resend`]: () =>
        ++answer === 1
          ? Response.json({ id: 'n1', status: 'queued', message: 'Reenvio na fila: o e-mail sai em instantes.' }, { status: 202 })
          : errorBody(409, 'Este e-mail não pode ser reenviado.'),
    })
    const button = await screen.findByRole('button', { name: /^Reenviar Boas-vindas/ })
    await userEvent.click(button)
    expect(await screen.findByText('Reenvio na fila')).toBeInTheDocument()
    expect(screen.getByText('Reenvio na fila: o e-mail sai em instantes.')).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled())
    await userEvent.click(button)
    expect(await screen.findByText('Este e-mail não pode ser reenviado.')).toBeInTheDocument()
    expect(screen.getByText('E-mail não reenviado')).toBeInTheDocument()
  })

  it('copies a one-time access link after saying it is single use, 24 h, and a key to the buyer\'s account', async () => {
    const user = userEvent.setup()
    const link = 'https://loja.example.com/acesso?token=0190c0de-0000-7000-8000-0000000000aa.0123456789abcdefghijklmnopqrstuv'
    const fetch = renderPage({
      [`POST /api/tenant/clients/${maria.id}/access-link`]: () => Response.json({ link, expiresAt: '2026-11-29T10:00:00Z' }, { status: 201 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Copiar link de acesso' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link de acesso de Maria Souza' })
    expect(within(dialog).getByText(/funciona uma única vez e vale por 24 horas/)).toBeInTheDocument()
    expect(within(dialog).getByText(/Qualquer pessoa com o link entra como este comprador/)).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `/api/tenant/clients/${maria.id}/access-link`)).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Gerar link de acesso' }))
    expect(await within(dialog).findByLabelText('Link de acesso')).toHaveValue(link)
    expect(within(dialog).getByText(/Funciona uma vez, até 29\/11\/2026/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link de acesso' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(requestsTo(fetch, 'POST', `/api/tenant/clients/${maria.id}/access-link`)).toHaveLength(1)
  })

  it("says why an access link was not made (a suspended buyer)", async () => {
    renderPage({
      [`POST /api/tenant/clients/${maria.id}/access-link`]: () => errorBody(409, 'Este cliente está suspenso: reative-o antes de enviar um link de acesso.'),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar link de acesso' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar link de acesso' }))
    expect(await within(dialog).findByText('Link não gerado')).toBeInTheDocument()
    expect(within(dialog).getByText('Este cliente está suspenso: reative-o antes de enviar um link de acesso.')).toBeInTheDocument()
  })
})
