import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { polyfillRadixSelect } from '@/test/select'
import { backtestsQuery, LIVE_POLL_MS, type BacktestList, type BacktestSource } from '../api/backtests'
import { profileFormValues, profilePayload } from '../profile-form'
import {
  backtestPath,
  completedRun,
  FACTORY_RUNS,
  factoryVersionId,
  failedRun,
  list,
  poorRun,
  projectId,
  queuedRun,
  robotId,
  RUNS,
  runningRun,
  versionId,
} from '../test-support'
import { BacktestPanel, NO_BACKTEST_YET, SHOW_ON_SALES_PAGE } from './backtest-panel'

beforeAll(polyfillRadixSelect)

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ')
const robotVersion: BacktestSource = { kind: 'robot-version', robotId, versionId }

function renderPanel({
  handlers = {},
  source = robotVersion,
  canStart = true,
  canManage = true,
  salesPageSwitch = true,
}: { handlers?: Parameters<typeof apiRoutes>[0]; source?: BacktestSource; canStart?: boolean; canManage?: boolean; salesPageSwitch?: boolean } = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${RUNS}`]: () => Response.json(list()), ...handlers }))
  renderWithProviders(<BacktestPanel source={source} versionLabel="1.2.0" canStart={canStart} canManage={canManage} salesPageSwitch={salesPageSwitch} />)
  return fetch
}

/** A GET that answers the lists in turn, the last one from then on. */
function inTurn(...lists: BacktestList[]) {
  let call = 0
  return () => Response.json(lists[Math.min(call++, lists.length - 1)])
}

async function openRunDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Executar backtest' }))
  return screen.findByRole('dialog', { name: 'Executar backtest' })
}

const figure = (container: HTMLElement, label: string) => plain(within(container).getByText(label).nextElementSibling?.textContent)

describe('BacktestPanel', { timeout: 30_000 }, () => {
  it("says there is no run yet, with the month's minutes and 'Executar backtest'", async () => {
    renderPanel()
    expect(await screen.findByText(NO_BACKTEST_YET)).toBeInTheDocument()
    expect(screen.getByTestId('tester-minutes')).toHaveTextContent('12,5 de 600 minutos de teste usados neste mês (587,5 restantes)')
    expect(screen.getByRole('button', { name: 'Executar backtest' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Cancelar teste' })).not.toBeInTheDocument()
  })

  it('runs a backtest with the default profile prefilled, then shows it queued', async () => {
    const fetch = renderPanel({
      handlers: {
        [`GET ${RUNS}`]: inTurn(list(), list(queuedRun)),
        [`POST ${RUNS}`]: () => Response.json(queuedRun, { status: 201 }),
      },
    })
    const dialog = await openRunDialog()
    const field = (label: RegExp) => within(dialog).getByLabelText(label)
    expect(field(/^Símbolo/)).toHaveValue('EURUSD')
    expect(field(/^Período/)).toHaveTextContent('H1')
    expect(field(/^De\W*$/)).toHaveValue(profileFormValues().from)
    expect(field(/^Até/)).toHaveValue(profileFormValues().to)
    expect(field(/^Depósito inicial/)).toHaveValue(10000)
    expect(field(/^Moeda/)).toHaveValue('USD')
    expect(field(/^Alavancagem/)).toHaveValue(100)
    expect(field(/^Modelo/)).toHaveTextContent('OHLC de 1 minuto')
    expect(field(/^Rebaixamento máximo \(%\)/)).toHaveValue(30)
    expect(field(/^Fator de lucro mínimo/)).toHaveValue(1.2)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar backtest' }))
    expect(await screen.findByText('Backtest na fila')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'POST', RUNS)[0]!.json()).toEqual(profilePayload(profileFormValues()))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const run = await screen.findByTestId('backtest-run')
    expect(within(run).getByText('Na fila')).toBeInTheDocument()
    expect(screen.getByText(/aguardando um agente com o Strategy Tester livre/)).toBeInTheDocument()
    // One run at a time: asking again waits for this one.
    expect(screen.getByRole('button', { name: 'Executar backtest' })).toBeDisabled()
  })

  it('sends the profile as typed, ticks reais included', async () => {
    const fetch = renderPanel({ handlers: { [`POST ${RUNS}`]: () => Response.json(queuedRun, { status: 201 }) } })
    const dialog = await openRunDialog()
    const symbol = within(dialog).getByLabelText(/^Símbolo/)
    await userEvent.clear(symbol)
    await userEvent.type(symbol, 'XAUUSD')
    await userEvent.click(within(dialog).getByLabelText(/^Modelo/))
    await userEvent.click(await screen.findByRole('option', { name: 'Ticks reais' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar backtest' }))
    await waitFor(() => expect(requestsTo(fetch, 'POST', RUNS)).toHaveLength(1))
    const body = (await requestsTo(fetch, 'POST', RUNS)[0]!.json()) as { profile: { symbol: string; model: string } }
    expect(body.profile).toMatchObject({ symbol: 'XAUUSD', model: 'real_ticks' })
  })

  it("shows the server's message under each field it refused and keeps the dialog open", async () => {
    renderPanel({
      handlers: {
        [`POST ${RUNS}`]: () =>
          errorBody(400, 'Verifique os campos', {
            symbol: 'Símbolo desconhecido nesta corretora.',
            from: 'A data inicial deve ser anterior ou igual à data final.',
          }),
      },
    })
    const dialog = await openRunDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar backtest' }))
    const symbolMessage = await within(dialog).findByText('Símbolo desconhecido nesta corretora.')
    expect(within(dialog).getByLabelText(/^Símbolo/)).toHaveAttribute('aria-describedby', expect.stringContaining(symbolMessage.id))
    const fromMessage = within(dialog).getByText('A data inicial deve ser anterior ou igual à data final.')
    expect(within(dialog).getByLabelText(/^De\W*$/)).toHaveAttribute('aria-describedby', expect.stringContaining(fromMessage.id))
    expect(screen.getByRole('dialog', { name: 'Executar backtest' })).toBeInTheDocument()
  })

  it("says the month's minutes are gone (429) with the server's text", async () => {
    const message = 'Os minutos de teste deste mês acabaram: 600 de 600 usados. Peça ao administrador da plataforma para ampliar a cota.'
    renderPanel({ handlers: { [`POST ${RUNS}`]: () => errorBody(429, message) } })
    const dialog = await openRunDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar backtest' }))
    const alert = await within(dialog).findByText('Minutos de teste esgotados')
    expect(alert.closest('[role="alert"]')).toHaveTextContent(message)
  })

  it('says so when a run of this version was already waiting (200)', async () => {
    renderPanel({ handlers: { [`POST ${RUNS}`]: () => Response.json(queuedRun, { status: 200 }) } })
    const dialog = await openRunDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Executar backtest' }))
    expect(await screen.findByText('Já há um teste desta versão em andamento')).toBeInTheDocument()
  })

  it('asks again every 3 s while a run waits or runs, and stops when it is over', async () => {
    const interval = backtestsQuery(robotVersion).refetchInterval as (query: { state: { data: BacktestList | undefined } }) => number | false
    expect(interval({ state: { data: list(queuedRun) } })).toBe(LIVE_POLL_MS)
    expect(interval({ state: { data: list(runningRun, completedRun) } })).toBe(LIVE_POLL_MS)
    expect(interval({ state: { data: list(completedRun, failedRun) } })).toBe(false)
    expect(interval({ state: { data: undefined } })).toBe(false)

    const fetch = renderPanel({ handlers: { [`GET ${RUNS}`]: inTurn(list(runningRun), list(completedRun)) } })
    expect(await screen.findByText('Em execução')).toBeInTheDocument()
    expect(await screen.findByText('Concluído', {}, { timeout: LIVE_POLL_MS + 3_000 })).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', RUNS)).toHaveLength(2)
  })

  it('shows a completed run: verdict, numbers in pt-BR, the curve and the sales-page switch', async () => {
    const fetch = renderPanel({
      handlers: {
        [`GET ${RUNS}`]: inTurn(list(completedRun), list({ ...completedRun, onSalesPage: true })),
        [`PATCH ${backtestPath(completedRun.id)}`]: () => Response.json({ ...completedRun, onSalesPage: true }),
      },
    })
    const run = await screen.findByTestId('backtest-run')
    expect(within(run).getByText('Concluído')).toBeInTheDocument()
    expect(within(run).getByText('Recomendado')).toBeInTheDocument()
    expect(figure(run, 'Lucro líquido')).toBe('US$ 1.234,50')
    expect(figure(run, 'Fator de lucro')).toBe('1,46')
    expect(figure(run, 'Rebaixamento máximo')).toBe('7,25% (US$ 812,30)')
    expect(figure(run, 'Operações')).toBe('1.520')
    expect(figure(run, 'Taxa de acerto')).toBe('55,50%')
    expect(figure(run, 'Depósito inicial')).toBe('US$ 10.000,00')
    expect(plain(run.textContent)).toContain('EURUSD H1 · 01/01/2024 a 31/12/2024 · depósito US$ 10.000,00 · 1:100 · OHLC de 1 minuto')
    expect(run).toHaveTextContent('rebaixamento máximo até 30,00%, fator de lucro a partir de 1,20')
    expect(run).toHaveTextContent('7,5 min de teste')
    expect(within(run).getByRole('img', { name: /^Curva de saldo do backtest/ })).toBeInTheDocument()

    const toggle = within(run).getByRole('switch', { name: SHOW_ON_SALES_PAGE })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(toggle)
    expect(await screen.findByText('Backtest na página de vendas')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PATCH', backtestPath(completedRun.id))[0]!.json()).toEqual({ onSalesPage: true })
    await waitFor(() => expect(within(screen.getByTestId('backtest-run')).getByRole('switch', { name: SHOW_ON_SALES_PAGE })).toHaveAttribute('aria-checked', 'true'))
  })

  it("lists why a run is 'Não recomendado', and shows an older run picked from the history", async () => {
    renderPanel({ handlers: { [`GET ${RUNS}`]: () => Response.json(list(completedRun, poorRun)) } })
    const history = await screen.findByRole('region', { name: 'Histórico de testes' })
    expect(within(screen.getByTestId('backtest-run')).queryByText('Não recomendado')).not.toBeInTheDocument()
    const items = within(history).getAllByRole('button')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveAttribute('aria-current', 'true')
    await userEvent.click(items[1]!)
    const run = screen.getByTestId('backtest-run')
    expect(within(run).getByText('Não recomendado')).toBeInTheDocument()
    const reasons = within(run).getByRole('list', { name: 'Motivos' })
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual(poorRun.reasons)
    expect(figure(run, 'Lucro líquido')).toBe('-US$ 250,00')
  })

  it('cancels a running run after confirming', async () => {
    const fetch = renderPanel({
      handlers: {
        [`GET ${RUNS}`]: inTurn(list(runningRun), list({ ...runningRun, status: 'cancelled' })),
        [`POST ${backtestPath(runningRun.id)}/cancel`]: () => Response.json({ ...runningRun, status: 'cancelled' }),
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar teste' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancelar o teste da versão 1.2.0?' })
    expect(requestsTo(fetch, 'POST', `${backtestPath(runningRun.id)}/cancel`)).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar teste' }))
    expect(await screen.findByText('Teste cancelado')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `${backtestPath(runningRun.id)}/cancel`)).toHaveLength(1)
    expect(await screen.findByText('Teste cancelado antes de terminar.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar teste' })).not.toBeInTheDocument()
  })

  it("says why a cancel was refused (409: it had just ended)", async () => {
    renderPanel({
      handlers: {
        [`GET ${RUNS}`]: inTurn(list(runningRun), list(completedRun)),
        [`POST ${backtestPath(runningRun.id)}/cancel`]: () => errorBody(409, 'Este teste já terminou: não há o que cancelar.'),
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar teste' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar teste' }))
    expect(await screen.findByText('Erro ao cancelar teste')).toBeInTheDocument()
    expect(screen.getByText('Este teste já terminou: não há o que cancelar.')).toBeInTheDocument()
    expect(await screen.findByText('Concluído')).toBeInTheDocument()
  })

  it('shows why a run failed', async () => {
    renderPanel({ handlers: { [`GET ${RUNS}`]: () => Response.json(list(failedRun)) } })
    expect(await screen.findByText('Falhou')).toBeInTheDocument()
    expect(screen.getByText('O teste falhou').closest('[role="alert"]')).toHaveTextContent(failedRun.errorMessage!)
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
  })

  it("warns when the month's minutes are gone", async () => {
    renderPanel({ handlers: { [`GET ${RUNS}`]: () => Response.json({ ...list(), tester: { quotaMinutes: 60, usedMinutes: 60, remainingMinutes: 0 } }) } })
    expect(await screen.findByText('Minutos de teste esgotados')).toBeInTheDocument()
  })

  it("shows a failed load with the server's text and 'Tentar novamente'", async () => {
    let fail = true
    const fetch = renderPanel({ handlers: { [`GET ${RUNS}`]: () => (fail ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json(list(completedRun))) } })
    expect(await screen.findByText('Erro ao carregar os backtests')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Concluído')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', RUNS)).toHaveLength(2)
  })

  it("reads a factory version's runs without 'Executar backtest' or the sales-page switch", async () => {
    const fetch = renderPanel({
      source: { kind: 'factory-version', projectId, versionId: factoryVersionId },
      canStart: false,
      salesPageSwitch: false,
      handlers: { [`GET ${FACTORY_RUNS}`]: () => Response.json(list({ ...completedRun, origin: 'factory' })) },
    })
    expect(await screen.findByText('Teste automático da Fábrica')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', FACTORY_RUNS)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Executar backtest' })).not.toBeInTheDocument()
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
  })

  it('shows the switch disabled and no cancel to an owner who may not manage robots', async () => {
    renderPanel({ canStart: false, canManage: false, handlers: { [`GET ${RUNS}`]: () => Response.json(list(runningRun, completedRun)) } })
    expect(within(await screen.findByTestId('backtest-run')).getByText('Em execução')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar teste' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Executar backtest' })).not.toBeInTheDocument()
    await userEvent.click(within(screen.getByRole('region', { name: 'Histórico de testes' })).getAllByRole('button')[1]!)
    expect(screen.getByRole('switch', { name: SHOW_ON_SALES_PAGE })).toBeDisabled()
  })
})
