import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { annual, billedByHotmart, monthly } from '@/features/client-area/test-support'
import type { ClientSubscriptionItem } from '@/features/client-area/api/subscriptions'
import { ClientSubscriptionsPage } from './subscriptions-page'

const LIST = 'GET /api/client/subscriptions'
const cancelPath = `/api/client/subscriptions/${monthly.id}/cancel`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [LIST]: () => Response.json([monthly, annual]), ...handlers }))
  renderWithProviders(<ClientSubscriptionsPage />, { path: '/subscriptions' })
  return fetch
}

const card = (title: string) => screen.findByRole('article', { name: title })

describe('client subscriptions page', { timeout: 20_000 }, () => {
  it('shows each subscription: plan, status, amount in BRL, recurrence and dates', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Minhas Assinaturas' })).toBeInTheDocument()
    const month = await card('Assinatura Mensal')
    expect(within(month).getByText('Ativa')).toBeInTheDocument()
    expect(within(month).getByText('R$ 97,00')).toBeInTheDocument()
    expect(within(month).getByText('Mensal')).toBeInTheDocument()
    expect(within(month).getByText('10/05/2025')).toBeInTheDocument()
    expect(within(month).getByText('10/01/2025')).toBeInTheDocument()
    expect(within(month).getByRole('button', { name: 'Cancelar assinatura' })).toBeInTheDocument()

    const year = await card('Assinatura Anual')
    expect(within(year).getByText('Cancelada')).toBeInTheDocument()
    expect(within(year).getByText('R$ 1.200,50')).toBeInTheDocument()
    expect(within(year).getByText('01/03/2025')).toBeInTheDocument()
    // Only an active subscription can be cancelled.
    expect(within(year).queryByRole('button', { name: 'Cancelar assinatura' })).not.toBeInTheDocument()
  })

  it('labels every recurrence', async () => {
    const of = (recurrence: ClientSubscriptionItem['recurrence'], id: string) => ({ ...monthly, id, recurrence })
    renderPage({ [LIST]: () => Response.json([of('quarterly', 'q'), of('semiannual', 's')]) })
    expect(await card('Assinatura Trimestral')).toBeInTheDocument()
    expect(await card('Assinatura Semestral')).toBeInTheDocument()
  })

  it('asks before cancelling; Voltar keeps the subscription', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    await user.click(within(await card('Assinatura Mensal')).getByRole('button', { name: 'Cancelar assinatura' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' })
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.')
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(fetch, 'PATCH', cancelPath)).toHaveLength(0)
  })

  it('cancels after confirmation (a body-less PATCH the server accepts) and shows the new status', async () => {
    const user = userEvent.setup()
    let list = [monthly, annual]
    const fetch = renderPage({
      [LIST]: () => Response.json(list),
      [`PATCH ${cancelPath}`]: () => {
        list = [{ ...monthly, status: 'cancelled', nextChargeDate: null, cancellationDate: '2025-04-20T12:00:00Z' }, annual]
        return Response.json({ subscription: list[0], outcome: 'cancelledAtHotmart', message: 'Assinatura cancelada na Hotmart, que confirmou.' })
      },
    })
    await user.click(within(await card('Assinatura Mensal')).getByRole('button', { name: 'Cancelar assinatura' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar Cancelamento' }))
    expect(await screen.findByText('Assinatura cancelada')).toBeInTheDocument()
    // The server's own account of it: only it knows whether Hotmart confirmed.
    expect(screen.getByText('Assinatura cancelada na Hotmart, que confirmou.')).toBeInTheDocument()
    const month = await card('Assinatura Mensal')
    await waitFor(() => expect(within(month).getByText('Cancelada')).toBeInTheDocument())
    expect(within(month).queryByRole('button', { name: 'Cancelar assinatura' })).not.toBeInTheDocument()
    expect(within(month).getByText('20/04/2025')).toBeInTheDocument()

    const [patch] = requestsTo(fetch, 'PATCH', cancelPath)
    // The server's cross-site guard wants JSON or this header; the call has no body.
    expect(patch!.headers.get('X-Requested-With')).toBeTruthy()
    expect(await patch!.text()).toBe('')
  })

  it("shows 'Erro ao cancelar assinatura' with the server's message, and reloads the list", async () => {
    const user = userEvent.setup()
    const conflict = 'Esta assinatura não está ativa.'
    const fetch = renderPage({ [`PATCH ${cancelPath}`]: () => errorBody(409, conflict) })
    await user.click(within(await card('Assinatura Mensal')).getByRole('button', { name: 'Cancelar assinatura' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar Cancelamento' }))
    expect(await screen.findByText('Erro ao cancelar assinatura')).toBeInTheDocument()
    expect(screen.getByText(conflict)).toBeInTheDocument()
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/client/subscriptions')).toHaveLength(2))
  })

  it("shows Hotmart's refusal and keeps the subscription active", async () => {
    const user = userEvent.setup()
    const refused = 'A Hotmart não aceitou o cancelamento desta assinatura e nada foi alterado: ela continua ativa.'
    renderPage({ [`PATCH ${cancelPath}`]: () => errorBody(422, refused) })
    await user.click(within(await card('Assinatura Mensal')).getByRole('button', { name: 'Cancelar assinatura' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar Cancelamento' }))
    expect(await screen.findByText('Erro ao cancelar assinatura')).toBeInTheDocument()
    expect(screen.getByText(refused)).toBeInTheDocument()
    expect(within(await card('Assinatura Mensal')).getByText('Ativa')).toBeInTheDocument()
  })

  it('for a subscription only Hotmart can stop: explains how to cancel there, tells the seller, never claims billing stopped', async () => {
    const user = userEvent.setup()
    const path = `/api/client/subscriptions/${billedByHotmart.id}/cancel`
    const honest = 'Esta assinatura é cobrada pela Hotmart. Para cancelar a cobrança, acesse sua conta na Hotmart (consumer.hotmart.com).'
    let list = [billedByHotmart]
    const fetch = renderPage({
      [LIST]: () => Response.json(list),
      [`PATCH ${path}`]: () => {
        list = [{ ...billedByHotmart, cancellationRequestedAt: '2025-04-21T12:00:00Z' }]
        return Response.json({ subscription: list[0], outcome: 'requested', message: honest })
      },
    })
    await user.click(within(await card('Assinatura Trimestral')).getByRole('button', { name: 'Cancelar assinatura' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar na Hotmart' })
    expect(dialog).toHaveTextContent('Para cancelar a cobrança, acesse sua conta na Hotmart')
    expect(within(dialog).getByRole('link', { name: 'consumer.hotmart.com' })).toHaveAttribute('href', 'https://consumer.hotmart.com')
    expect(within(dialog).getByRole('link', { name: /Abrir a Hotmart/ })).toHaveAttribute('target', '_blank')
    expect(dialog).not.toHaveTextContent(/não haverá novas cobranças|não será mais cobrado|não pode ser desfeita/)
    await user.click(within(dialog).getByRole('button', { name: 'Avisar o vendedor' }))

    expect(await screen.findByText('Pedido registrado')).toBeInTheDocument()
    expect(screen.getByText(honest)).toBeInTheDocument()
    const quarter = await card('Assinatura Trimestral')
    // Still active, marked as requested, with the steps on the card; no second request.
    await waitFor(() => expect(within(quarter).getByText('Cancelamento solicitado')).toBeInTheDocument())
    expect(within(quarter).getByText('Ativa')).toBeInTheDocument()
    expect(within(quarter).getByText('Cancelamento solicitado em 21/04/2025')).toBeInTheDocument()
    expect(within(quarter).getByRole('list', { name: 'Como cancelar na Hotmart' })).toBeInTheDocument()
    expect(within(quarter).queryByRole('button', { name: 'Cancelar assinatura' })).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/não será mais cobrado/)
    expect(requestsTo(fetch, 'PATCH', path)).toHaveLength(1)
  })

  it('says when there is no subscription', async () => {
    renderPage({ [LIST]: () => Response.json([]) })
    expect(await screen.findByText('Você ainda não possui nenhuma assinatura.')).toBeInTheDocument()
  })

  it("shows 'Erro ao carregar assinaturas'", async () => {
    renderPage({ [LIST]: () => errorBody(500, 'Falha interna') })
    expect(await screen.findByText('Erro ao carregar assinaturas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
