import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import type { ChannelEvent } from '@/features/sales-channels/api/hotmart-channel'
import type { SignedChannelState, SignedPlatformKey } from '@/features/sales-channels/api/signed-channel'
import { TenantRobotSalesChannelPage } from './robot-sales-channel-page'

const robotId = '0190c0de-0000-7000-8000-0000000000r1'
const channelPath = (platform: SignedPlatformKey) => `/api/tenant/robots/${robotId}/sales-channels/${platform}`
const webhookUrl = (platform: SignedPlatformKey) => `https://loja.example.com/api/webhooks/${platform}/robot/${robotId}`
const emptyChannel = (platform: SignedPlatformKey): SignedChannelState => ({
  webhookUrl: webhookUrl(platform),
  tokenConfigured: false,
  tokenPrefix: null,
  lastEventAt: null,
  events: [],
  refusals: [],
})

const kiwifySale: ChannelEvent = {
  id: 'e1',
  eventId: '9f2c1a7e:order_approved',
  event: 'order_approved',
  isTest: false,
  receivedAt: '2026-11-27T12:00:00Z',
  status: 'processed',
  detail: 'Venda registrada e licença criada.',
  duplicates: 1,
  buyerEmail: 'mariana@ex.com',
}

function renderPage(platform: SignedPlatformKey, handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      [`GET /api/tenant/robots/${robotId}`]: () => Response.json({ id: robotId, name: 'Robô Alpha' }),
      [`GET ${channelPath(platform)}`]: () => Response.json(emptyChannel(platform)),
      ...handlers,
    }),
  )
  renderWithProviders(<Navigate to={`/robots/${robotId}/${platform}`} />, {
    queryData: [signedInOwner(role)],
    routes: <Route path={`/robots/:id/${platform}`} element={<TenantRobotSalesChannelPage platformKey={platform} />} />,
  })
  return fetch
}

describe('robot sales-channel page (Kiwify, Eduzz, Asaas)', { timeout: 30_000 }, () => {
  it("shows Kiwify's whole webhook URL, copies it, lists the panel's steps and events, and says what is missing", async () => {
    const user = userEvent.setup()
    renderPage('kiwify')
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiwify · Robô Alpha' })).toBeInTheDocument()
    expect(await screen.findByLabelText('URL do webhook')).toHaveValue(webhookUrl('kiwify'))
    await user.click(screen.getByRole('button', { name: 'Copiar URL do webhook' }))
    expect(await navigator.clipboard.readText()).toBe(webhookUrl('kiwify'))

    const steps = within(screen.getByRole('list', { name: 'Passos no painel da Kiwify' }))
    expect(steps.getByText(/Apps → Webhooks/)).toBeInTheDocument()
    expect(steps.getByText(/Criar webhook/)).toBeInTheDocument()
    const events = within(screen.getByRole('list', { name: 'Eventos a marcar' }))
    for (const code of ['order_approved', 'order_refunded', 'chargeback', 'subscription_renewed', 'subscription_late', 'subscription_canceled']) {
      expect(events.getByText(code)).toBeInTheDocument()
    }
    expect(events.getByText('Compra aprovada')).toBeInTheDocument()
    // Empty, and said honestly: no sale is claimed, the token is missing, and missed sales are not recovered.
    expect(screen.getByTestId('secret-state')).toHaveTextContent('Nenhum token salvo: a Kiwify não consegue entregar vendas até você salvar o seu.')
    expect(screen.getByText('Nenhum evento recebido ainda.')).toBeInTheDocument()
    expect(screen.getByText(/Nenhum evento neste registro. Depois de configurar a Kiwify/)).toBeInTheDocument()
    expect(screen.getByTestId('no-recovery')).toHaveTextContent(/^A Kiwify não oferece consulta de vendas anteriores/)
    expect(screen.queryByText(/Venda registrada/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /evento de teste/ })).not.toBeInTheDocument()
    // Every platform one step away, this one marked.
    const nav = within(screen.getByRole('navigation', { name: 'Canais de venda' }))
    expect(nav.getByRole('link', { name: 'Kiwify' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Hotmart' })).toHaveAttribute('href', `/robots/${robotId}/hotmart`)
    expect(nav.getByRole('link', { name: 'Eduzz' })).toHaveAttribute('href', `/robots/${robotId}/eduzz`)
    expect(nav.getByRole('link', { name: 'Asaas' })).toHaveAttribute('href', `/robots/${robotId}/asaas`)
  })

  it("saves the robot's token from a hidden input, then says it is set and how it begins (never the token)", async () => {
    const user = userEvent.setup()
    const fetch = renderPage('kiwify', { [`PUT ${channelPath('kiwify')}/token`]: () => Response.json({ tokenConfigured: true, tokenPrefix: 'kiwi' }) })
    const input = await screen.findByLabelText('Token')
    expect(input).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Salvar token' }))
    expect(await screen.findByText('Cole o token da Kiwify')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', `${channelPath('kiwify')}/token`)).toHaveLength(0)

    await user.type(input, ' kiwi-secret-123 ')
    await user.click(screen.getByRole('button', { name: 'Salvar token' }))
    await waitFor(() => expect(screen.getByTestId('secret-state')).toHaveTextContent('Token configurado (começa com kiwi)'))
    const [request] = requestsTo(fetch, 'PUT', `${channelPath('kiwify')}/token`)
    expect(await request!.json()).toEqual({ token: 'kiwi-secret-123' })
    expect(screen.getByLabelText('Novo token (substitui o atual)')).toHaveValue('')
    expect(screen.queryByText(/kiwi-secret-123/)).not.toBeInTheDocument()
  })

  it("puts the server's pt-BR message under the token", async () => {
    const user = userEvent.setup()
    renderPage('eduzz', {
      [`PUT ${channelPath('eduzz')}/token`]: () => errorBody(422, 'Dados inválidos', { token: 'O token não tem espaços: copie-o de novo da Eduzz' }),
    })
    expect(await screen.findByTestId('secret-state')).toHaveTextContent('Nenhuma chave secreta salva: a Eduzz não consegue entregar vendas até você salvar a sua.')
    await user.type(screen.getByLabelText('Chave secreta'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Salvar chave secreta' }))
    expect(await screen.findByText('O token não tem espaços: copie-o de novo da Eduzz', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByLabelText('Chave secreta')).toHaveAttribute('aria-invalid', 'true')
    expect(within(screen.getByRole('list', { name: 'Passos no painel da Eduzz' })).getByText(/x-signature/)).toBeInTheDocument()
    expect(screen.getByTestId('no-recovery')).toHaveTextContent(/^A Eduzz não oferece consulta de vendas anteriores/)
  })

  it('lists what arrived, processed with the buyer, and the refusals counted', async () => {
    renderPage('kiwify', {
      [`GET ${channelPath('kiwify')}`]: () =>
        Response.json({
          ...emptyChannel('kiwify'),
          tokenConfigured: true,
          tokenPrefix: 'kiwi',
          lastEventAt: kiwifySale.receivedAt,
          events: [kiwifySale],
          refusals: [{ reason: 'bad_signature', detail: 'assinatura inválida', count: 2, firstAt: '2026-11-26T10:00:00Z', lastAt: '2026-11-27T14:30:00Z' }],
        }),
    })
    const table = await screen.findByRole('table', { name: 'Eventos recebidos' })
    const sale = within(table).getByText('mariana@ex.com').closest('tr')!
    expect(within(sale).getByText('Compra aprovada')).toBeInTheDocument()
    expect(within(sale).getByText('Processado')).toBeInTheDocument()
    expect(within(sale).getByText('recebido de novo 1×')).toBeInTheDocument()
    expect(screen.getByTestId('channel-refusal')).toHaveTextContent(/^Recusado: assinatura inválida — 2 vezes, última em 27\/11\/2026 \d\d:30$/)
    expect(screen.getByTestId('last-event')).toHaveTextContent(/^Último evento recebido: 27\/11\/2026/)
    expect(screen.getByTestId('secret-state')).toHaveTextContent('Token configurado (começa com kiwi)')
  })

  it("saves Asaas's external reference, explained, and its token under Asaas's own words", async () => {
    const user = userEvent.setup()
    const fetch = renderPage('asaas', {
      [`PUT ${channelPath('asaas')}/reference`]: () => Response.json({ externalReference: 'robo-alpha' }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Asaas · Robô Alpha' })).toBeInTheDocument()
    expect(screen.getByText(/Use esta referência externa nas cobranças do Asaas deste robô/)).toBeInTheDocument()
    expect(screen.getByTestId('external-reference-state')).toHaveTextContent('Nenhuma referência externa salva')
    expect(screen.getByTestId('secret-state')).toHaveTextContent('Nenhum token de autenticação salvo: o Asaas não consegue')
    expect(within(screen.getByRole('list', { name: 'Passos no painel do Asaas' })).getByText(/Integrações → Webhooks/)).toBeInTheDocument()
    const events = within(screen.getByRole('list', { name: 'Eventos a marcar' }))
    expect(events.getByText('PAYMENT_RECEIVED')).toBeInTheDocument()
    expect(events.getByText(/PIX, boleto e cartão/)).toBeInTheDocument()
    expect(screen.getByTestId('no-recovery')).toHaveTextContent(/^O Asaas não oferece/)

    await user.click(screen.getByRole('button', { name: 'Salvar referência' }))
    expect(await screen.findByText('Informe a referência externa')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Referência externa' }), ' robo-alpha ')
    await user.click(screen.getByRole('button', { name: 'Salvar referência' }))
    await waitFor(() => expect(screen.getByTestId('external-reference-state')).toHaveTextContent('Referência externa deste robô: robo-alpha'))
    const [request] = requestsTo(fetch, 'PUT', `${channelPath('asaas')}/reference`)
    expect(await request!.json()).toEqual({ externalReference: 'robo-alpha' })
  })

  it("puts the server's message under the external reference", async () => {
    const user = userEvent.setup()
    renderPage('asaas', {
      [`GET ${channelPath('asaas')}`]: () => Response.json({ ...emptyChannel('asaas'), externalReference: 'robo-alpha' }),
      [`PUT ${channelPath('asaas')}/reference`]: () => errorBody(422, 'Dados inválidos', { externalReference: 'Esta referência já é de outro robô' }),
    })
    expect(await screen.findByTestId('external-reference-state')).toHaveTextContent('Referência externa deste robô: robo-alpha')
    const input = screen.getByLabelText('Nova referência externa (substitui a atual)')
    await user.clear(input)
    await user.type(input, 'robo-beta')
    await user.click(screen.getByRole('button', { name: 'Salvar referência' }))
    expect(await screen.findByText('Esta referência já é de outro robô', { selector: 'p' })).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })

  it('says the channel could not be loaded, and retries', async () => {
    const user = userEvent.setup()
    let fail = true
    renderPage('eduzz', {
      [`GET ${channelPath('eduzz')}`]: () => (fail ? errorBody(500, 'Erro interno') : Response.json(emptyChannel('eduzz'))),
    })
    expect(await screen.findByText('Erro ao carregar a Eduzz')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /Tentar novamente/ }))
    expect(await screen.findByLabelText('URL do webhook')).toHaveValue(webhookUrl('eduzz'))
  })

  it('shows the log as cards on a phone', async () => {
    setViewportWidth(PHONE_WIDTH)
    renderPage('kiwify', { [`GET ${channelPath('kiwify')}`]: () => Response.json({ ...emptyChannel('kiwify'), events: [kiwifySale] }) })
    expect(await screen.findByText('Venda registrada e licença criada.')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Eventos recebidos' })).not.toBeInTheDocument()
  })

  it('shows a Suporte owner the channel without the token or reference forms', async () => {
    renderPage('asaas', {}, 'support')
    expect(await screen.findByLabelText('URL do webhook')).toHaveValue(webhookUrl('asaas'))
    expect(screen.queryByLabelText('Token de autenticação')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Referência externa' })).not.toBeInTheDocument()
    expect(screen.getByText(/Só quem pode alterar as configurações da conta salva o token de autenticação/)).toBeInTheDocument()
  })
})
