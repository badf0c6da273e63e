import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { polyfillRadixSelect } from '@/test/select'
import { profile } from '@/components/backtest/test-data'
import type { TesterSettings } from '../api/backtests'
import { completedRun, FACTORY_RUNS, factoryVersionId, list, projectId, TESTER_SETTINGS, tester } from '../test-support'
import { TESTER_CARD_TITLE, TesterSettingsCard } from './tester-settings-card'

beforeAll(polyfillRadixSelect)

const defaults: TesterSettings = { profile, thresholds: { maxDrawdownPercent: 30, minProfitFactor: 1.2 }, defaults: true, tester }

function renderCard({ handlers = {}, compiled = true, canManage = true }: { handlers?: Parameters<typeof apiRoutes>[0]; compiled?: boolean; canManage?: boolean } = {}) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${TESTER_SETTINGS}`]: () => Response.json(defaults),
      [`PUT ${TESTER_SETTINGS}`]: async (request) => {
        const body = (await request.clone().json()) as { profile: TesterSettings['profile']; thresholds: TesterSettings['thresholds'] }
        return Response.json({ ...defaults, ...body, defaults: false })
      },
      [`GET ${FACTORY_RUNS}`]: () => Response.json(list({ ...completedRun, origin: 'factory' })),
      ...handlers,
    }),
  )
  renderWithProviders(<TesterSettingsCard projectId={projectId} version={compiled ? { id: factoryVersionId, version: 3 } : undefined} canManage={canManage} />)
  return fetch
}

const settingsForm = () => screen.findByRole('form', { name: 'Configurações do testador' })

describe('TesterSettingsCard (factory project)', { timeout: 30_000 }, () => {
  it("shows the project's profile (the platform's defaults) and the newest compiled version's runs", async () => {
    const fetch = renderCard()
    expect(screen.getByRole('region', { name: TESTER_CARD_TITLE })).toBeInTheDocument()
    const form = await settingsForm()
    expect(within(form).getByText('Padrões da plataforma')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Símbolo/)).toHaveValue('EURUSD')
    expect(within(form).getByLabelText(/^De\W*$/)).toHaveValue('2024-01-01')
    expect(within(form).getByLabelText(/^Rebaixamento máximo/)).toHaveValue(30)
    expect(form).toHaveTextContent('12,5 de 600 minutos de teste usados neste mês')
    expect(screen.getByRole('heading', { name: 'Testes da versão 3' })).toBeInTheDocument()
    expect(await screen.findByText('Teste automático da Fábrica')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', FACTORY_RUNS)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Executar backtest' })).not.toBeInTheDocument()
  })

  it('saves a profile and thresholds, then shows them as the project’s own', async () => {
    const fetch = renderCard()
    const form = await settingsForm()
    const symbol = within(form).getByLabelText(/^Símbolo/)
    await userEvent.clear(symbol)
    await userEvent.type(symbol, 'WIN$N')
    const factor = within(form).getByLabelText(/^Fator de lucro mínimo/)
    await userEvent.clear(factor)
    await userEvent.type(factor, '1.5')
    // '$' is not a symbol character: refused before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(form).findByText(/^Símbolo inválido/)).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', TESTER_SETTINGS)).toHaveLength(0)

    await userEvent.clear(symbol)
    await userEvent.type(symbol, 'WINJ25')
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Configurações do testador salvas')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PUT', TESTER_SETTINGS)[0]!.json()).toEqual({
      profile: { ...profile, symbol: 'WINJ25' },
      thresholds: { maxDrawdownPercent: 30, minProfitFactor: 1.5 },
    })
    await waitFor(async () => expect(within(await settingsForm()).queryByText('Padrões da plataforma')).not.toBeInTheDocument())
    expect(within(await settingsForm()).getByLabelText(/^Símbolo/)).toHaveValue('WINJ25')
  })

  it("puts the server's refusals under the fields", async () => {
    renderCard({ handlers: { [`PUT ${TESTER_SETTINGS}`]: () => errorBody(400, 'Verifique os campos', { currency: 'Moeda não aceita pela corretora.' }) } })
    const form = await settingsForm()
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao salvar configurações do testador')).toBeInTheDocument()
    const message = within(form).getByText('Moeda não aceita pela corretora.')
    expect(within(form).getByLabelText(/^Moeda/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })

  it("shows a failed load with 'Tentar novamente', and says when no version compiled yet", async () => {
    let fail = true
    renderCard({ compiled: false, handlers: { [`GET ${TESTER_SETTINGS}`]: () => (fail ? errorBody(503, 'Servidor ocupado.') : Response.json(defaults)) } })
    expect(await screen.findByText('Erro ao carregar as configurações do testador')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma versão compilada ainda: o teste roda quando a Fábrica compilar a primeira.')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await settingsForm()).toBeInTheDocument()
  })

  it('shows the settings read-only to an owner who may not manage robots', async () => {
    renderCard({ canManage: false })
    const form = await settingsForm()
    expect(within(form).getByLabelText(/^Símbolo/)).toBeDisabled()
    expect(within(form).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
  })
})
