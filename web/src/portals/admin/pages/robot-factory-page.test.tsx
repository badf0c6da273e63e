import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { tenantA, tenantsPage } from '@/features/admin-commerce/test-support'
import { strategyBlocks } from '@/features/admin-factory/factory-form'
import {
  compilingGeneration,
  configuredUsage,
  failedGeneration,
  mql5Source,
  readyGeneration,
  reviewingGeneration,
  startedGeneration,
  unconfiguredUsage,
} from '@/features/admin-factory/test-support'
import type { AdminGeneration } from '@/features/admin-factory/api/generations'
import { AdminRobotFactoryPage } from './robot-factory-page'

beforeAll(polyfillRadixSelect)
afterEach(() => vi.useRealTimers())

const generationPath = `/api/robots/generations/${startedGeneration.id}`

const strategy = {
  parametrosEntrada: 'Lote 0,10; média de 20 períodos; M15',
  gatilhosAbrir: 'Comprar quando a média de 9 cruzar a de 21 para cima',
  gatilhosFechar: 'Fechar quando a média de 9 cruzar a de 21 para baixo',
  gestaoRisco: 'Arriscar no máximo 1% do saldo por operação',
  takeProfitStopLoss: 'Stop loss de 150 pontos e take profit de 300',
  protecaoCapital: 'Parar no dia após perder 3% do saldo',
}

/** Answers each poll with the next state of `states`, repeating the last one. */
function pollAnswers(states: AdminGeneration[]) {
  let next = 0
  return () => Response.json(states[Math.min(next++, states.length - 1)])
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenants': () => Response.json(tenantsPage()),
      'GET /api/ai-usage': () => Response.json(configuredUsage),
      'POST /api/robots/generate': () => Response.json({ generation: startedGeneration, message: 'Geração iniciada' }, { status: 202 }),
      [`GET ${generationPath}`]: pollAnswers([reviewingGeneration, compilingGeneration, readyGeneration]),
      ...handlers,
    }),
  )
  renderWithProviders(<AdminRobotFactoryPage />, { path: '/robot-factory' })
  return fetch
}

const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(label) })
const blockInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))
const stepState = (step: string) => screen.getByTestId(`step-${step}`).getAttribute('data-state')
const generateButton = () => screen.getByRole('button', { name: 'Gerar Robô' })

async function write(field: HTMLElement, text: string) {
  await userEvent.click(field)
  await userEvent.paste(text)
}

/** Fills the form; `skip` leaves those blocks empty. */
async function fillForm({ skip = [] as string[] } = {}) {
  await choose(/^Tenant/, tenantA.name)
  await write(screen.getByLabelText(/^Nome do robô/), 'Cruzamento M15')
  for (const block of strategyBlocks) {
    if (skip.includes(block.name)) continue
    await write(blockInput(block.label), strategy[block.name])
  }
}

describe('admin robot factory page', { timeout: 30_000 }, () => {
  it('shows the six blocks as tabs 1 to 6, moved through with Próximo and Anterior', async () => {
    renderPage()
    expect(screen.getAllByRole('tab').map((trigger) => trigger.textContent)).toEqual(strategyBlocks.map((block, index) => `${index + 1}.${block.label}`))
    expect(tab('Parâmetros de Entrada')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled()

    await userEvent.click(screen.getByRole('button', { name: /Próximo/ }))
    expect(tab('Gatilhos para Abrir')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('Bloco 2 de 6')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Anterior/ }))
    expect(tab('Parâmetros de Entrada')).toHaveAttribute('aria-selected', 'true')

    await userEvent.click(tab('Proteção do Capital'))
    expect(screen.getByRole('button', { name: /Próximo/ })).toBeDisabled()
    for (const step of ['Gerando', 'Revisando', 'Compilando', 'Pronto']) expect(screen.getByText(step)).toBeInTheDocument()
    expect(['generating', 'reviewing', 'compiling', 'ready'].map(stepState)).toEqual(['pending', 'pending', 'pending', 'pending'])
  })

  it("gives the spec's message for every empty field and block, marking the tabs with errors", async () => {
    const fetch = renderPage()
    await userEvent.click(tab('Gestão de Risco'))
    await userEvent.click(generateButton())
    expect(await screen.findByText('Selecione um tenant')).toBeInTheDocument()
    expect(screen.getByText('Nome deve ter pelo menos 3 caracteres')).toBeInTheDocument()
    for (const block of strategyBlocks) {
      const message = screen.getByText(block.message)
      expect(blockInput(block.label)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
      expect(tab(block.label)).toHaveTextContent('(com erro)')
    }
    // The first block with an error is opened; the first field with one takes the focus.
    expect(tab('Parâmetros de Entrada')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText(/^Tenant/)).toHaveFocus()
    expect(requestsTo(fetch, 'POST', '/api/robots/generate')).toHaveLength(0)
  })

  it('jumps to the tab of the first short block and focuses it', async () => {
    const fetch = renderPage()
    await fillForm({ skip: ['gestaoRisco', 'protecaoCapital'] })
    await write(blockInput('Proteção do Capital'), 'curto')
    await userEvent.click(tab('Parâmetros de Entrada'))
    await userEvent.click(generateButton())

    expect(await screen.findByText('Descreva a gestão de risco')).toBeInTheDocument()
    expect(screen.getByText('Descreva limites para proteção do capital')).toBeInTheDocument()
    expect(screen.queryByText('Selecione um tenant')).not.toBeInTheDocument()
    expect(tab('Gestão de Risco')).toHaveAttribute('aria-selected', 'true')
    expect(blockInput('Gestão de Risco')).toHaveFocus()
    expect(tab('Parâmetros de Entrada')).not.toHaveTextContent('(com erro)')
    expect(requestsTo(fetch, 'POST', '/api/robots/generate')).toHaveLength(0)
  })

  it('sends the robot, then follows the real steps every 2 s until the code is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = renderPage()
    await fillForm()
    await userEvent.click(generateButton())

    await waitFor(() => expect(stepState('generating')).toBe('active'))
    expect(await requestsTo(fetch, 'POST', '/api/robots/generate')[0]!.json()).toEqual({ tenantId: tenantA.id, robotName: 'Cruzamento M15', ...strategy })
    expect(screen.getByText('A IA está escrevendo o código MQL5…')).toBeInTheDocument()
    expect(blockInput('Parâmetros de Entrada')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Gerar Robô' })).not.toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', generationPath)).toHaveLength(0)

    await vi.advanceTimersByTimeAsync(2000)
    await waitFor(() => expect(stepState('reviewing')).toBe('active'))
    expect(stepState('generating')).toBe('done')
    expect(screen.getByTestId('step-reviewing')).toHaveAttribute('aria-current', 'step')

    await vi.advanceTimersByTimeAsync(2000)
    await waitFor(() => expect(stepState('compiling')).toBe('active'))
    expect(stepState('reviewing')).toBe('done')
    expect(screen.queryByTestId('generated-code')).not.toBeInTheDocument()

    await vi.advanceTimersByTimeAsync(2000)
    expect(await screen.findByText('Robô gerado com sucesso!')).toBeInTheDocument()
    expect(['generating', 'reviewing', 'compiling', 'ready'].map(stepState)).toEqual(['done', 'done', 'done', 'done'])
    expect(screen.getByTestId('generated-code').textContent).toBe(mql5Source)
    expect(screen.getByText(/nunca é entregue aos clientes/)).toHaveTextContent(/apenas o robô compilado \(\.ex5\)/)
    expect(screen.getByText('Stop loss validado.')).toBeInTheDocument()

    // Ready is final: no more polls.
    const polls = requestsTo(fetch, 'GET', generationPath).length
    await vi.advanceTimersByTimeAsync(6000)
    expect(requestsTo(fetch, 'GET', generationPath)).toHaveLength(polls)

    await userEvent.click(screen.getByRole('button', { name: 'Nova geração' }))
    await waitFor(() => expect(blockInput('Parâmetros de Entrada')).toBeEnabled())
    expect(blockInput('Parâmetros de Entrada')).toHaveValue('')
    expect(screen.getByLabelText(/^Nome do robô/)).toHaveValue('')
    expect(screen.queryByTestId('generated-code')).not.toBeInTheDocument()
    expect(stepState('generating')).toBe('pending')
    expect(generateButton()).toBeEnabled()
  })

  it('shows a failure at its step, with the error log and a toast, and lets the texts be adjusted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = renderPage({ [`GET ${generationPath}`]: pollAnswers([compilingGeneration, failedGeneration]) })
    await fillForm()
    await userEvent.click(generateButton())
    await waitFor(() => expect(stepState('generating')).toBe('active'))

    await vi.advanceTimersByTimeAsync(2000)
    await waitFor(() => expect(stepState('compiling')).toBe('active'))
    await vi.advanceTimersByTimeAsync(2000)
    expect(await screen.findByText('Erro ao gerar robô')).toBeInTheDocument()
    expect(screen.getByText('A geração falhou')).toBeInTheDocument()
    expect(screen.getByTestId('error-log')).toHaveTextContent("'OrderSend' - wrong parameters count")
    expect(['generating', 'reviewing', 'compiling', 'ready'].map(stepState)).toEqual(['done', 'done', 'failed', 'pending'])
    expect(screen.queryByTestId('generated-code')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Ajustar e tentar de novo' }))
    await waitFor(() => expect(screen.getByLabelText(/^Nome do robô/)).toHaveFocus())
    expect(blockInput('Gestão de Risco')).toHaveValue(strategy.gestaoRisco)
    await userEvent.click(generateButton())
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/api/robots/generate')).toHaveLength(2))
  })

  it("shows the server's message when no model is configured (503), keeping everything typed", async () => {
    renderPage({ 'POST /api/robots/generate': () => errorBody(503, 'Nenhum modelo de IA configurado no servidor.') })
    await fillForm()
    await userEvent.click(generateButton())

    const toast = (await screen.findAllByText('Erro ao gerar robô'))[0]!
    expect(toast).toBeInTheDocument()
    expect(screen.getAllByText('Nenhum modelo de IA configurado no servidor.').length).toBeGreaterThan(0)
    expect(['generating', 'reviewing', 'compiling', 'ready'].map(stepState)).toEqual(['pending', 'pending', 'pending', 'pending'])
    expect(screen.getByLabelText(/^Nome do robô/)).toHaveValue('Cruzamento M15')
    for (const block of strategyBlocks) expect(blockInput(block.label)).toHaveValue(strategy[block.name])
    expect(generateButton()).toBeEnabled()
  })

  it("puts the server's field errors on their fields and opens the block's tab", async () => {
    renderPage({
      'POST /api/robots/generate': () =>
        errorBody(422, 'Verifique os campos', { gatilhosFechar: 'Descreva os gatilhos para fechar posições', other: 'Cota excedida' }),
    })
    await fillForm()
    await userEvent.click(generateButton())

    expect(await screen.findByText('Descreva os gatilhos para fechar posições')).toBeInTheDocument()
    expect(tab('Gatilhos para Fechar')).toHaveAttribute('aria-selected', 'true')
    expect(blockInput('Gatilhos para Fechar')).toHaveFocus()
    expect(screen.getAllByText('Verifique os campos Cota excedida').length).toBeGreaterThan(0)
    expect(blockInput('Gatilhos para Fechar')).toHaveValue(strategy.gatilhosFechar)
  })

  it('warns that no AI model is configured', async () => {
    renderPage({ 'GET /api/ai-usage': () => Response.json(unconfiguredUsage) })
    expect(
      await screen.findByText('Nenhum modelo de IA configurado: defina AI_BASE_URL, AI_MODEL (e AI_API_KEY) no servidor.'),
    ).toBeInTheDocument()
  })

})
