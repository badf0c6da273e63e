import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import type { ChannelEvent, SalesChannelState } from '@/features/sales-channels/api/hotmart-channel'
import { TenantRobotHotmartPage } from './robot-hotmart-page'

const robotId = '0190c0de-0000-7000-8000-0000000000r1'
const channelPath = `/api/tenant/robots/${robotId}/sales-channels/hotmart`
const webhookUrl = `https://loja.example.com/api/webhooks/hotmart/robot/${robotId}`

const processedSale: ChannelEvent = {
  id: 'e1',
  eventId: 'hp-evt-1',
  event: 'PURCHASE_APPROVED',
  isTest: false,
  receivedAt: '2026-11-27T12:00:00Z',
  status: 'processed',
  detail: 'Venda registrada e licença criada.',
  duplicates: 2,
  buyerEmail: 'ana@ex.com',
}
const failedRefund: ChannelEvent = {
  id: 'e2',
  eventId: 'hp-evt-2',
  event: 'PURCHASE_REFUNDED',
  isTest: false,
  receivedAt: '2026-11-27T13:00:00Z',
  status: 'failed',
  detail: 'Reembolso de uma compra que não foi encontrada.',
  duplicates: 0,
  buyerEmail: null,
}

const emptyChannel: SalesChannelState = { webhookUrl, hottokConfigured: false, hottokPrefix: null, lastEventAt: null, events: [], refusals: [] }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      [`GET /api/tenant/robots/${robotId}`]: () => Response.json({ id: robotId, name: 'Robô Alpha' }),
      [`GET ${channelPath}`]: () => Response.json(emptyChannel),
      'GET /api/tenant/sales-channels/hotmart/reconciliation': () => Response.json({ latest: null }),
      ...handlers,
    }),
  )
  renderWithProviders(<Navigate to={`/robots/${robotId}/hotmart`} />, {
    queryData: [signedInOwner(role)],
    routes: <Route path="/robots/:id/hotmart" element={<TenantRobotHotmartPage />} />,
  })
  return fetch
}

describe('robot Hotmart page', { timeout: 30_000 }, () => {
  it("shows the whole webhook URL, copies all of it, and lists Hotmart's steps with version 2.0.0 and every event", async () => {
    const user = userEvent.setup()
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotmart · Robô Alpha' })).toBeInTheDocument()
    expect(await screen.findByLabelText('URL do webhook')).toHaveValue(webhookUrl)
    await user.click(screen.getByRole('button', { name: 'Copiar URL do webhook' }))
    expect(await navigator.clipboard.readText()).toBe(webhookUrl)

    const steps = within(screen.getByRole('list', { name: 'Passos no painel da Hotmart' }))
    expect(steps.getByText(/Ferramentas → Webhook \(API e notificações\)/)).toBeInTheDocument()
    expect(steps.getByText(/Cadastrar webhook/)).toBeInTheDocument()
    expect(steps.getByText('Escolha a versão 2.0.0.')).toBeInTheDocument()
    expect(steps.getByText(/copie o hottok/)).toBeInTheDocument()
    const events = within(screen.getByRole('list', { name: 'Eventos a marcar' }))
    for (const code of [
      'PURCHASE_APPROVED',
      'PURCHASE_COMPLETE',
      'PURCHASE_CANCELED',
      'PURCHASE_REFUNDED',
      'PURCHASE_CHARGEBACK',
      'PURCHASE_PROTEST',
      'PURCHASE_DELAYED',
      'SUBSCRIPTION_CANCELLATION',
      'SWITCH_PLAN',
      'UPDATE_SUBSCRIPTION_CHARGE_DATE',
    ]) {
      expect(events.getByText(code)).toBeInTheDocument()
    }
    expect(events.getByText('Compra aprovada')).toBeInTheDocument()
    expect(screen.getByText('Nenhum evento recebido ainda.')).toBeInTheDocument()
    expect(screen.getByText(/Nenhum evento neste registro. Depois de configurar a Hotmart/)).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Vendas que o webhook não entregou' })).toHaveTextContent(/Nenhuma recuperação ainda/)
    expect(screen.getByRole('button', { name: 'Recuperar vendas agora' })).toBeInTheDocument()
  })

  it('saves the hottok from a hidden input that can be shown, then says it is set and how it begins', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'PUT /api/tenant/sales-channels/hotmart/hottok': () => Response.json({ hottokConfigured: true, hottokPrefix: 'abcd' }) })
    expect(await screen.findByTestId('secret-state')).toHaveTextContent('Nenhum hottok salvo')
    const input = screen.getByLabelText('Hottok')
    expect(input).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Mostrar hottok' }))
    expect(input).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Ocultar hottok' }))
    expect(input).toHaveAttribute('type', 'password')

    await user.click(screen.getByRole('button', { name: 'Salvar hottok' }))
    expect(await screen.findByText('Cole o hottok da Hotmart')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', '/api/tenant/sales-channels/hotmart/hottok')).toHaveLength(0)

    await user.type(input, '  abcd1234secret ')
    await user.click(screen.getByRole('button', { name: 'Salvar hottok' }))
    await waitFor(() => expect(screen.getByTestId('secret-state')).toHaveTextContent('Hottok configurado (começa com abcd)'))
    const [request] = requestsTo(fetch, 'PUT', '/api/tenant/sales-channels/hotmart/hottok')
    expect(await request!.json()).toEqual({ hottok: 'abcd1234secret' })
    expect(screen.getByLabelText('Novo hottok (substitui o atual)')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Substituir hottok' })).toBeInTheDocument()
  })

  it("puts the server's message under the hottok", async () => {
    const user = userEvent.setup()
    renderPage({ 'PUT /api/tenant/sales-channels/hotmart/hottok': () => errorBody(400, 'Dados inválidos', { hottok: 'O hottok deve ter no máximo 200 caracteres' }) })
    await user.type(await screen.findByLabelText('Hottok'), 'x')
    await user.click(screen.getByRole('button', { name: 'Salvar hottok' }))
    expect(await screen.findByText('O hottok deve ter no máximo 200 caracteres', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByLabelText('Hottok')).toHaveAttribute('aria-invalid', 'true')
  })

  it('sends a test event, says it is awaited, then received once the log has it (polled every 2 s)', async () => {
    const user = userEvent.setup()
    let sent = false
    let asksAfterSending = 0
    const testEvent: ChannelEvent = {
      id: 'e9',
      eventId: 'test-evt-9',
      event: 'PURCHASE_APPROVED',
      isTest: true,
      receivedAt: '2026-11-28T09:00:00Z',
      status: 'processed',
      detail: 'Evento de teste recebido: a integração funciona (nenhuma venda criada).',
      duplicates: 0,
      buyerEmail: null,
    }
    const fetch = renderPage({
      [`GET ${channelPath}`]: () => {
        // The worker logs it a moment later: not in the first answer after sending.
        if (sent && ++asksAfterSending > 1) return Response.json({ ...emptyChannel, hottokConfigured: true, lastEventAt: testEvent.receivedAt, events: [testEvent] })
        return Response.json(emptyChannel)
      },
      [`POST ${channelPath}/test-event`]: () => {
        sent = true
        return Response.json({ eventId: 'test-evt-9' }, { status: 202 })
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Enviar evento de teste' }))
    expect(await screen.findByText('Evento de teste enviado, aguardando que apareça no registro…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Enviar evento de teste/ })).toBeDisabled()
    expect(screen.queryByText('Evento de teste recebido')).not.toBeInTheDocument()

    expect(await screen.findByText('Evento de teste recebido', {}, { timeout: 6000 })).toBeInTheDocument()
    expect(within(screen.getByTestId('test-event-outcome')).getByText(testEvent.detail)).toBeInTheDocument()
    expect(screen.getByTestId('last-event')).toHaveTextContent(/^Último evento recebido: 28\/11\/2026 \d\d:00$/)
    const row = within(screen.getByRole('table', { name: 'Eventos recebidos' })).getByText(testEvent.detail).closest('tr')!
    expect(within(row).getByText('Processado')).toBeInTheDocument()
    expect(within(row).getByText('Teste')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `${channelPath}/test-event`)).toHaveLength(1)
    // Received and processed: the polling stops.
    const asks = requestsTo(fetch, 'GET', channelPath).length
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(requestsTo(fetch, 'GET', channelPath)).toHaveLength(asks)
  })

  it('says a test event that was not sent, with the reason', async () => {
    const user = userEvent.setup()
    renderPage({ [`POST ${channelPath}/test-event`]: () => errorBody(400, 'Salve o hottok antes de enviar um evento de teste.') })
    await user.click(await screen.findByRole('button', { name: 'Enviar evento de teste' }))
    expect(await screen.findByText('Evento de teste não enviado')).toBeInTheDocument()
    expect(screen.getByText('Salve o hottok antes de enviar um evento de teste.')).toBeInTheDocument()
  })

  it('lists processed, repeated and failed events with their reason, and the refusals counted', async () => {
    renderPage({
      [`GET ${channelPath}`]: () =>
        Response.json({
          ...emptyChannel,
          hottokConfigured: true,
          hottokPrefix: 'abcd',
          lastEventAt: failedRefund.receivedAt,
          events: [failedRefund, processedSale],
          refusals: [{ reason: 'wrong_hottok', detail: 'Recusado: hottok diferente do salvo', count: 3, firstAt: '2026-11-26T10:00:00Z', lastAt: '2026-11-27T14:30:00Z' }],
        }),
    })
    const table = await screen.findByRole('table', { name: 'Eventos recebidos' })
    const sale = within(table).getByText('ana@ex.com').closest('tr')!
    expect(within(sale).getByText('Compra aprovada')).toBeInTheDocument()
    expect(within(sale).getByText('Processado')).toBeInTheDocument()
    expect(within(sale).getByText('recebido de novo 2×')).toBeInTheDocument()
    const refund = within(table).getByText(failedRefund.detail).closest('tr')!
    expect(within(refund).getByText('Falhou')).toBeInTheDocument()
    expect(within(refund).getByText('Compra reembolsada')).toBeInTheDocument()
    expect(screen.getByTestId('channel-refusal')).toHaveTextContent(/^Recusado: hottok diferente do salvo — 3 vezes, última em 27\/11\/2026 \d\d:30$/)
    expect(screen.getByTestId('secret-state')).toHaveTextContent('Hottok configurado (começa com abcd)')
  })

  it('shows the log as cards on a phone', async () => {
    setViewportWidth(PHONE_WIDTH)
    renderPage({ [`GET ${channelPath}`]: () => Response.json({ ...emptyChannel, events: [processedSale] }) })
    expect(await screen.findByText('Venda registrada e licença criada.')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Eventos recebidos' })).not.toBeInTheDocument()
    expect(screen.getByText('Processado')).toBeInTheDocument()
  })

  it('shows a Suporte owner the channel without the hottok form nor the test event', async () => {
    renderPage({}, 'support')
    expect(await screen.findByLabelText('URL do webhook')).toHaveValue(webhookUrl)
    expect(screen.queryByLabelText('Hottok')).not.toBeInTheDocument()
    expect(screen.getByText(/Só quem pode alterar as configurações/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enviar evento de teste' })).not.toBeInTheDocument()
    expect(await screen.findByText(/Nenhuma recuperação ainda/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recuperar vendas agora' })).not.toBeInTheDocument()
  })
})
