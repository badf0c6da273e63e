import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { authTemplate, templateCode } from '@/features/admin-compile/test-support'
import { RobotAuthTemplatePage } from './robot-auth-template-page'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/robot-auth-template': () => Response.json(authTemplate),
      'PATCH /api/robot-auth-template': async (request) => Response.json({ ...authTemplate, ...((await request.clone().json()) as object), updatedAt: '2025-03-13T10:00:00Z' }),
      ...handlers,
    }),
  )
  const { router } = renderWithProviders(<RobotAuthTemplatePage />, {
    path: '/robot-auth-template',
    routes: <Route path="/dashboard" element={<p>Painel</p>} />,
  })
  return { fetch, router }
}

const codeField = () => screen.getByLabelText(/^Código do template/)
const saveButton = () => screen.getByRole('button', { name: 'Salvar' })
const preview = () => screen.getByTestId('template-preview')
/** Whether closing or reloading the tab would ask first (the page cancels `beforeunload`). */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}
/** Replaces a textarea's whole text at once (typing thousands of characters one by one is slow, and braces are key syntax for user-event). */
const setCode = (text: string) => fireEvent.change(codeField(), { target: { value: text } })

describe('admin auth template page', { timeout: 30_000 }, () => {
  it('shows the template with its version and last update, a 20-row code field, and Salvar disabled until something changes', async () => {
    renderPage()
    expect(await screen.findByLabelText(/^Nome/)).toHaveValue('MQL5 Authentication Template')
    expect(screen.getByLabelText(/^Versão/)).toHaveValue('1.0.0')
    expect(codeField()).toHaveValue(templateCode)
    expect(codeField()).toHaveAttribute('rows', '20')
    expect(screen.getByText(/Atualizado em 12\/03\/2025 \d\d:45/)).toBeInTheDocument()
    expect(saveButton()).toBeDisabled()
    expect(leavingIsQuestioned()).toBe(false)

    await userEvent.type(screen.getByLabelText(/^Versão/), '.1')
    expect(saveButton()).toBeEnabled()
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument()
    expect(leavingIsQuestioned()).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: /Descartar alterações/ }))
    expect(screen.getByLabelText(/^Versão/)).toHaveValue('1.0.0')
    expect(saveButton()).toBeDisabled()
    expect(leavingIsQuestioned()).toBe(false)
  })

  it('asks before leaving for another screen with unsaved changes, and stays or leaves as chosen', async () => {
    const { router } = renderPage()
    const path = () => screen.getByTestId('current-path').textContent
    await screen.findByLabelText(/^Versão/)
    await userEvent.type(screen.getByLabelText(/^Versão/), '.1')

    await act(() => router.navigate('/dashboard'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' })
    expect(path()).toBe('/robot-auth-template')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(path()).toBe('/robot-auth-template')
    expect(screen.getByLabelText(/^Versão/)).toHaveValue('1.0.0.1')

    await act(() => router.navigate('/dashboard'))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sair sem salvar' }))
    await waitFor(() => expect(path()).toBe('/dashboard'))
    expect(screen.getByText('Painel')).toBeInTheDocument()
  })

  it('leaves without asking when nothing changed', async () => {
    const { router } = renderPage()
    await screen.findByLabelText(/^Versão/)
    await act(() => router.navigate('/dashboard'))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('previews the code being edited with sample values in place of every placeholder', async () => {
    renderPage()
    await screen.findByLabelText(/^Nome/)
    expect(preview().textContent).toBe(
      [
        '#define RF_AUTH_URL "https://robosdojoao.com.br/api/webhooks/validate-license"',
        '#define RF_TENANT_ID "0190c0de-0000-7000-8000-00000000000a"',
        '#define RF_TENANT_DOMAIN "robosdojoao.com.br"',
        '#define RF_ROBOT_ID "0190c0de-0000-7000-8000-0000000000e1"',
        '#define RF_SIGNING_KEY "••••••••••••••••••••••••••••••••"',
      ].join('\n'),
    )
    setCode(`${templateCode}\n// domínio {{TENANT_DOMAIN}} {{OUTRA}}`)
    await waitFor(() => expect(preview()).toHaveTextContent('// domínio robosdojoao.com.br {{OUTRA}}'))
  })

  it('lists the five variables, marks the required ones, and copies one', async () => {
    const user = userEvent.setup()
    renderPage()
    const panel = await screen.findByRole('region', { name: 'Variáveis' })
    for (const variable of ['{{TENANT_AUTH_URL}}', '{{TENANT_ID}}', '{{TENANT_DOMAIN}}', '{{ROBOT_ID}}', '{{ROBOT_SIGNING_KEY}}']) {
      expect(within(panel).getByText(variable)).toBeInTheDocument()
    }
    expect(within(panel).getAllByText('Obrigatória')).toHaveLength(3)
    await user.click(within(panel).getByRole('button', { name: 'Copiar {{TENANT_DOMAIN}}' }))
    expect(await navigator.clipboard.readText()).toBe('{{TENANT_DOMAIN}}')
    expect(await screen.findByText('{{TENANT_DOMAIN}} copiada para a área de transferência.')).toBeInTheDocument()
  })

  it('checks the form in the browser and sends nothing while it is invalid', async () => {
    const { fetch } = renderPage()
    const name = await screen.findByLabelText(/^Nome/)
    await userEvent.clear(name)
    await userEvent.type(name, 'ab')
    await userEvent.clear(screen.getByLabelText(/^Versão/))
    setCode('// {{TENANT_ID}} sem URL nem robô')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Nome deve ter pelo menos 3 caracteres')).toBeInTheDocument()
    expect(screen.getByText('Versão é obrigatória')).toBeInTheDocument()
    expect(screen.getByText('O template precisa conter {{TENANT_AUTH_URL}} e {{ROBOT_ID}}')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', '/api/robot-auth-template')).toHaveLength(0)

    setCode('curto')
    expect(await screen.findByText('Template deve ter pelo menos 10 caracteres')).toBeInTheDocument()
  })

  it('saves only the fields that changed, then shows the new version and disables Salvar again', async () => {
    const { fetch } = renderPage()
    const version = await screen.findByLabelText(/^Versão/)
    await userEvent.clear(version)
    await userEvent.type(version, ' 1.1.0 ')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Template salvo com sucesso!')).toBeInTheDocument()
    const [first] = requestsTo(fetch, 'PATCH', '/api/robot-auth-template')
    expect(await first!.json()).toEqual({ version: '1.1.0' })
    await waitFor(() => expect(saveButton()).toBeDisabled())
    expect(screen.getByLabelText(/^Versão/)).toHaveValue('1.1.0')
    expect(screen.getByText(/Atualizado em 13\/03\/2025/)).toBeInTheDocument()

    const changedCode = `${templateCode}\n// revisado`
    setCode(changedCode)
    await userEvent.click(saveButton())
    await waitFor(() => expect(requestsTo(fetch, 'PATCH', '/api/robot-auth-template')).toHaveLength(2))
    expect(await requestsTo(fetch, 'PATCH', '/api/robot-auth-template')[1]!.json()).toEqual({ templateCode: changedCode })
  })

  it('switches the template off (robots then get the shipped default) and on again', async () => {
    const { fetch } = renderPage()
    const toggle = await screen.findByRole('switch', { name: 'Template ativo' })
    expect(toggle).toBeChecked()
    expect(screen.getByText('Ativo')).toBeInTheDocument()
    expect(screen.getByText(/recebem o template padrão da plataforma/)).toBeInTheDocument()
    await userEvent.click(toggle)
    await userEvent.click(saveButton())
    expect(await screen.findByText('Template salvo com sucesso!')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PATCH', '/api/robot-auth-template')[0]!.json()).toEqual({ isActive: false })
    expect(await screen.findByText('Inativo')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Template ativo' })).not.toBeChecked())
  })

  it("shows the server's field errors by their fields under 'Erro ao salvar template'", async () => {
    renderPage({
      'PATCH /api/robot-auth-template': () =>
        errorBody(400, 'Verifique os campos', { name: 'Já existe um template com este nome', templateCode: 'As chaves { } da função OnInit() não estão balanceadas.' }),
    })
    await userEvent.type(await screen.findByLabelText(/^Nome/), ' v2')
    setCode(`${templateCode}\nint OnInit() {`)
    await userEvent.click(saveButton())
    expect(await screen.findByText('Erro ao salvar template')).toBeInTheDocument()
    const nameMessage = screen.getByText('Já existe um template com este nome')
    expect(screen.getByLabelText(/^Nome/)).toHaveAttribute('aria-describedby', expect.stringContaining(nameMessage.id))
    const codeMessage = screen.getByText('As chaves { } da função OnInit() não estão balanceadas.')
    expect(codeField()).toHaveAttribute('aria-describedby', expect.stringContaining(codeMessage.id))
  })

  it('shows the load error with a retry', async () => {
    renderPage({ 'GET /api/robot-auth-template': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar template')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
