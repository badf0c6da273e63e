import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import type { ReconciliationItem } from '../api/hotmart-reconciliation'
import { ReconciliationCard } from './reconciliation-card'

const path = '/api/tenant/sales-channels/hotmart/reconciliation'

const dailyRun: ReconciliationItem = {
  startedAt: '2026-11-27T06:00:00Z',
  trigger: 'daily',
  days: 7,
  found: 12,
  already: 11,
  recovered: 0,
  unmapped: 1,
  error: null,
  summary: 'Nenhuma venda a recuperar: 11 de 12 vendas já estavam aqui; 1 é de um produto sem robô.',
}

const ownerRun: ReconciliationItem = {
  startedAt: '2026-11-28T10:15:00Z',
  trigger: 'owner',
  days: 30,
  found: 20,
  already: 18,
  recovered: 2,
  unmapped: 0,
  error: null,
  summary: '2 vendas recuperadas: a venda, a licença e os e-mails seguem como se o webhook as tivesse entregue.',
}

/**
 * The card as the page renders it: `canRun` is the signed-in role's ManageSettings (the page reads it with useCan; its
 * own test checks a Suporte owner gets no button).
 */
function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}, canRun = true) {
  const fetch = mockFetch(apiRoutes({ [`GET ${path}`]: () => Response.json({ latest: null }), ...handlers }))
  renderWithProviders(<ReconciliationCard canRun={canRun} />)
  return fetch
}

const card = () => screen.getByRole('region', { name: 'Vendas que o webhook não entregou' })

describe('reconciliation card', { timeout: 30_000 }, () => {
  beforeAll(polyfillRadixSelect)

  it('explains the daily recovery and says none ran yet, and when the first one will', async () => {
    renderCard()
    expect(
      await screen.findByText(
        'Nenhuma recuperação ainda. A primeira roda automaticamente em até uma hora depois que as credenciais da API da Hotmart forem salvas em Configurações.',
      ),
    ).toBeInTheDocument()
    expect(within(card()).getByText(/Uma vez por dia, o RoboForge lê o histórico de vendas da Hotmart/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recuperar vendas agora' })).toBeEnabled()
  })

  it('shows the latest run: when, automatic, the summary and its counts', async () => {
    renderCard({ [`GET ${path}`]: () => Response.json({ latest: dailyRun }) })
    const latest = await screen.findByTestId('reconciliation-latest')
    expect(latest).toHaveTextContent(/Última recuperação: 27\/11\/2026 \d\d:00 · automática · últimos 7 dias/)
    expect(within(latest).getByText(dailyRun.summary)).toBeInTheDocument()
    const counts = screen.getAllByTestId('reconciliation-count').map((count) => count.textContent)
    expect(counts).toEqual(['Encontradas na Hotmart12', 'Já registradas11', 'Recuperadas0', 'Sem robô1'])
    expect(within(latest).getByText(/1 venda é de produtos que nenhum robô recebeu pelo webhook/)).toBeInTheDocument()
    expect(screen.queryByTestId('reconciliation-error')).not.toBeInTheDocument()
  })

  it('runs it now over the days chosen, with a spinner meanwhile, then shows the summary and asks for the latest again', async () => {
    const user = userEvent.setup()
    let answer!: (response: Response) => void
    let ran = false
    const fetch = renderCard({
      [`GET ${path}`]: () => Response.json({ latest: ran ? ownerRun : dailyRun }),
      [`POST ${path}`]: () =>
        new Promise<Response>((resolve) => {
          answer = (response) => {
            ran = true
            resolve(response)
          }
        }),
    })
    await screen.findByText(dailyRun.summary)
    await choose('Período', 'Últimos 30 dias')
    await user.click(screen.getByRole('button', { name: 'Recuperar vendas agora' }))

    expect(await screen.findByText(/Consultando o histórico da Hotmart/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Recuperar vendas agora/ })).toBeDisabled()
    expect(screen.getByRole('status', { name: 'Recuperando' })).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', path)
    expect(await request!.json()).toEqual({ days: 30 })
    const asksBefore = requestsTo(fetch, 'GET', path).length

    answer(Response.json(ownerRun))
    expect(await screen.findByText('2 vendas recuperadas')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('reconciliation-latest')).toHaveTextContent(/pedida por você · últimos 30 dias/))
    expect(within(screen.getByTestId('reconciliation-latest')).getByText(ownerRun.summary)).toBeInTheDocument()
    expect(screen.getAllByText(ownerRun.summary).length).toBeGreaterThanOrEqual(2) // the card and the toast
    await waitFor(() => expect(requestsTo(fetch, 'GET', path).length).toBeGreaterThan(asksBefore))
    expect(screen.getByRole('button', { name: 'Recuperar vendas agora' })).toBeEnabled()
    expect(screen.queryByText(/Consultando o histórico da Hotmart/)).not.toBeInTheDocument()
  })

  it('does not claim a recovery when the answer recovered nothing', async () => {
    const user = userEvent.setup()
    renderCard({ [`POST ${path}`]: () => Response.json({ ...dailyRun, trigger: 'owner' }) })
    await user.click(await screen.findByRole('button', { name: 'Recuperar vendas agora' }))
    expect(await screen.findByText('Nenhuma venda recuperada')).toBeInTheDocument()
    expect(screen.queryByText(/^\d+ vendas? recuperadas?$/)).not.toBeInTheDocument()
  })

  it("shows the server's message when asked again too soon (429)", async () => {
    const user = userEvent.setup()
    renderCard({ [`POST ${path}`]: () => errorBody(429, 'Uma recuperação acabou de rodar. Espere 30 segundos para pedir outra.') })
    await user.click(await screen.findByRole('button', { name: 'Recuperar vendas agora' }))
    const outcome = screen.getByTestId('reconciliation-outcome')
    expect(await within(outcome).findByText('Uma recuperação acabou de rodar. Espere 30 segundos para pedir outra.')).toBeInTheDocument()
    expect(within(outcome).getByText('Recuperação não feita')).toBeInTheDocument()
    expect(screen.getByText(/Nenhuma recuperação ainda/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recuperar vendas agora' })).toBeEnabled()
  })

  it('puts a refused number of days under the select', async () => {
    const user = userEvent.setup()
    renderCard({ [`POST ${path}`]: () => errorBody(400, 'Dados inválidos', { days: 'Escolha de 1 a 30 dias' }) })
    await user.click(await screen.findByRole('button', { name: 'Recuperar vendas agora' }))
    expect(await screen.findByText('Escolha de 1 a 30 dias')).toBeInTheDocument()
    expect(screen.getByLabelText('Período')).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows a run that could not ask Hotmart as a warning with its reason', async () => {
    renderCard({
      [`GET ${path}`]: () =>
        Response.json({
          latest: { ...dailyRun, found: 0, already: 0, unmapped: 0, error: 'A Hotmart recusou as credenciais da API: confira o client id e o secret.', summary: 'A Hotmart não pôde ser consultada.' },
        }),
    })
    const warning = await screen.findByTestId('reconciliation-error')
    expect(warning).toHaveTextContent('A Hotmart recusou as credenciais da API: confira o client id e o secret.')
    expect(warning).toHaveTextContent('A Hotmart não pôde ser consultada')
    expect(screen.queryByTestId('reconciliation-count')).not.toBeInTheDocument()
    expect(screen.queryByTestId('reconciliation-summary')).not.toBeInTheDocument()
  })

  it('shows a role without ManageSettings the latest run but not the button', async () => {
    renderCard({ [`GET ${path}`]: () => Response.json({ latest: dailyRun }) }, false)
    expect(await screen.findByText(dailyRun.summary)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recuperar vendas agora' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Período')).not.toBeInTheDocument()
  })
})
