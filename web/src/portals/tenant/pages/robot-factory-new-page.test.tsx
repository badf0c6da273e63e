import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { factoryStatus, project, projectId, prompt } from '@/features/robot-factory/test-support'
import { TenantRobotFactoryNewPage } from './robot-factory-new-page'

const projectsPath = '/api/tenant/robot-projects'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/robot-factory': () => Response.json(factoryStatus()),
      [`POST ${projectsPath}`]: () => Response.json({ project: project() }, { status: 201 }),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantRobotFactoryNewPage />, {
    path: '/robot-factory/new',
    routes: <Route path="/robot-factory/:id" element={<p>Página do projeto</p>} />,
  })
  return fetch
}

const next = () => screen.getByRole('button', { name: /^Próximo/ })
const previous = () => screen.getByRole('button', { name: /Anterior/ })
const generateButton = () => screen.getByRole('button', { name: /^(Gerar Robô|Gerando…)$/ })
const currentStep = () => screen.getByRole('button', { current: 'step' })

/** The seven steps in order: the field's label, the message when it is too short, and a valid answer. */
const steps = [
  { label: /^Nome do Robô/, message: 'Nome deve ter pelo menos 3 caracteres', value: prompt.robotName },
  { label: /^Parâmetros de Entrada/, message: 'Descreva os parâmetros de entrada', value: prompt.parametrosEntrada },
  { label: /^Gatilhos para Abrir/, message: 'Descreva os gatilhos para abrir ordens', value: prompt.gatilhosAbrir },
  { label: /^Gatilhos para Fechar/, message: 'Descreva os gatilhos para fechar posições', value: prompt.gatilhosFechar },
  { label: /^Gestão de Risco/, message: 'Descreva a gestão de risco', value: prompt.gestaoRisco },
  { label: /^Take Profit e Stop Loss/, message: 'Descreva Take Profit e Stop Loss', value: prompt.takeProfitStopLoss },
  { label: /^Proteção do Capital/, message: 'Descreva limites para proteção do capital', value: prompt.protecaoCapital },
]

/** Answers every step (each checked by Próximo) up to the last, which is left for the test. */
async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  for (const [index, step] of steps.entries()) {
    await user.type(await screen.findByLabelText(step.label), step.value)
    if (index < steps.length - 1) await user.click(next())
  }
}

afterEach(() => vi.restoreAllMocks())

describe('tenant robot factory wizard', { timeout: 30_000 }, () => {
  it('starts at step 1 of 7 with the quota, a way back and no Gerar Robô yet', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Novo Projeto' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para a Fábrica' })).toHaveAttribute('href', '/robot-factory')
    expect(await screen.findByText('3 de 10 gerações usadas este mês')).toBeInTheDocument()
    expect(screen.getByText('Etapa 1 de 7:')).toBeInTheDocument()
    expect(currentStep()).toHaveAccessibleName('Etapa 1: Nome do Robô')
    expect(previous()).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Gerar Robô' })).not.toBeInTheDocument()
  })

  it("checks each step before the next ('Campo incompleto' with the field's message), and Anterior keeps the answers", async () => {
    const user = userEvent.setup()
    renderPage()
    for (const [index, step] of steps.entries()) {
      const input = await screen.findByLabelText(step.label)
      await user.type(input, index === 0 ? 'ab' : 'curto')
      if (index === steps.length - 1) break
      await user.click(next())
      expect(await screen.findByText(step.message, { selector: '[data-slot=form-message]' })).toBeInTheDocument()
      expect(screen.getByText('Campo incompleto')).toBeInTheDocument()
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveFocus()
      await user.clear(input)
      await user.type(input, step.value)
      await user.click(next())
      expect(currentStep()).toHaveAccessibleName(`Etapa ${index + 2}: ${steps[index + 1]!.label.source.slice(1)}`)
      // The next step's input takes the focus.
      const following = await screen.findByLabelText(steps[index + 1]!.label)
      await waitFor(() => expect(following).toHaveFocus())
    }
    // Back to the first step: what was typed is still there.
    await user.click(previous())
    expect(screen.getByLabelText(steps[5]!.label)).toHaveValue(prompt.takeProfitStopLoss)
    await user.click(screen.getByRole('button', { name: 'Etapa 1: Nome do Robô (concluída)' }))
    expect(screen.getByLabelText(steps[0]!.label)).toHaveValue(prompt.robotName)
  })

  it('Gerar Robô creates the project with the seven answers (trimmed) and opens it', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    await fillAll(user)
    await user.type(screen.getByLabelText(steps[6]!.label), '   ')
    await user.click(generateButton())
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(`/robot-factory/${projectId}`))
    expect(screen.getByText('Página do projeto')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', projectsPath)
    expect(await request!.json()).toEqual(prompt)
  })

  it('refuses a too short last answer without sending', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    for (const [index, step] of steps.entries()) {
      await user.type(await screen.findByLabelText(step.label), index === 6 ? 'pouco' : step.value)
      if (index < 6) await user.click(next())
    }
    await user.click(generateButton())
    expect(await screen.findByText('Descreva limites para proteção do capital', { selector: '[data-slot=form-message]' })).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', projectsPath)).toHaveLength(0)
  })

  it("takes the owner to the step the server refused, with its message, toasts 'Erro ao criar projeto' and keeps every answer", async () => {
    const user = userEvent.setup()
    const refusal = 'Descreva os gatilhos para abrir ordens'
    renderPage({ [`POST ${projectsPath}`]: () => errorBody(422, 'Dados inválidos', { gatilhosAbrir: refusal }) })
    await fillAll(user)
    await user.click(generateButton())
    expect(await screen.findByText('Erro ao criar projeto')).toBeInTheDocument()
    expect(currentStep()).toHaveAccessibleName('Etapa 3: Gatilhos para Abrir')
    const input = screen.getByLabelText(steps[2]!.label)
    expect(input).toHaveValue(prompt.gatilhosAbrir)
    expect(screen.getByText(refusal, { selector: '[data-slot=form-message]' })).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(input).toHaveFocus())
    expect(screen.getByTestId('current-path')).toHaveTextContent('/robot-factory/new')
  })

  it("shows the server's message when the quota ran out meanwhile, and stays", async () => {
    const user = userEvent.setup()
    renderPage({ [`POST ${projectsPath}`]: () => errorBody(429, 'Limite mensal de gerações atingido.') })
    await fillAll(user)
    await user.click(generateButton())
    expect(await screen.findByText('Erro ao criar projeto')).toBeInTheDocument()
    expect(screen.getByText('Limite mensal de gerações atingido.')).toBeInTheDocument()
    expect(screen.getByLabelText(steps[6]!.label)).toHaveValue(prompt.protecaoCapital)
    expect(generateButton()).toBeEnabled()
  })

  it('says the factory is not available when no model is configured, and keeps Gerar Robô off', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'GET /api/tenant/robot-factory': () => Response.json(factoryStatus({ configured: false, model: null })) })
    expect(
      await screen.findByText('A Fábrica de Robôs ainda não está disponível: nenhum modelo de IA foi configurado pela plataforma.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/gerações usadas este mês/)).not.toBeInTheDocument()
    await fillAll(user)
    expect(generateButton()).toBeDisabled()
    expect(requestsTo(fetch, 'POST', projectsPath)).toHaveLength(0)
  })

  it("says 'Limite mensal de gerações atingido' when the month's quota is used up, and keeps Gerar Robô off", async () => {
    const user = userEvent.setup()
    renderPage({ 'GET /api/tenant/robot-factory': () => Response.json(factoryStatus({ usedThisMonth: 10, remainingThisMonth: 0 })) })
    expect(await screen.findByText('Limite mensal de gerações atingido')).toBeInTheDocument()
    expect(screen.getByText('10 de 10 gerações usadas este mês')).toBeInTheDocument()
    await fillAll(user)
    expect(generateButton()).toBeDisabled()
  })
})
