import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { alpha } from '../test-support'
import { DeleteRobotButton } from './delete-robot-button'

const robotPath = `/api/tenant/robots/${alpha.id}`
const IN_USE = 'Este robô tem licenças ou vendas e não pode ser excluído. Desative-o para que deixe de ser vendido.'

/** The button on the robot's page, with the robots list as the route it leads to. */
function renderButton(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [`DELETE ${robotPath}`]: () => new Response(null, { status: 204 }), ...handlers }))
  renderWithProviders(<DeleteRobotButton robot={alpha} />, {
    path: `/robots/${alpha.id}/versions`,
    routes: <Route path="/robots" element={<h1>Lista de robôs</h1>} />,
  })
  return fetch
}

const path = () => screen.getByTestId('current-path').textContent

describe('delete robot button', { timeout: 30_000 }, () => {
  it('asks first, and deletes nothing when the owner cancels', async () => {
    const user = userEvent.setup()
    const fetch = renderButton()
    await user.click(screen.getByRole('button', { name: 'Excluir robô' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Robô Alpha?' })
    expect(dialog).toHaveTextContent('O robô, todas as suas versões e os arquivos enviados são apagados.')
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(fetch).not.toHaveBeenCalled()
    expect(path()).toBe(`/robots/${alpha.id}/versions`)
  })

  it('deletes the robot once confirmed and opens the robots list', async () => {
    const user = userEvent.setup()
    const fetch = renderButton()
    await user.click(screen.getByRole('button', { name: 'Excluir robô' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir robô' }))

    expect(await screen.findByRole('heading', { name: 'Lista de robôs' })).toBeInTheDocument()
    expect(path()).toBe('/robots')
    expect(screen.getByText('Robô excluído')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', robotPath)).toHaveLength(1)
  })

  it("shows the server's 409 for a robot with licenses or sales, suggests deactivating it and stays on the page", async () => {
    const user = userEvent.setup()
    const fetch = renderButton({ [`DELETE ${robotPath}`]: () => errorBody(409, IN_USE) })
    await user.click(screen.getByRole('button', { name: 'Excluir robô' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir robô' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Este robô não pode ser excluído')
    expect(alert).toHaveTextContent(IN_USE)
    expect(alert).toHaveTextContent('Para que deixe de ser vendido, edite o robô na lista de robôs e desmarque “Ativo”.')
    // Nothing left to try: the dialog only closes.
    expect(within(dialog).queryByRole('button', { name: 'Excluir robô' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(path()).toBe(`/robots/${alpha.id}/versions`)
    expect(requestsTo(fetch, 'DELETE', robotPath)).toHaveLength(1)

    // Opened again, the dialog starts afresh.
    await user.click(screen.getByRole('button', { name: 'Excluir robô' }))
    expect(within(await screen.findByRole('alertdialog')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("shows any other failure with the server's message and lets the owner try again", async () => {
    const user = userEvent.setup()
    renderButton({ [`DELETE ${robotPath}`]: () => errorBody(403, 'Seu perfil (Suporte) não permite esta ação. Peça a um administrador da conta.') })
    await user.click(screen.getByRole('button', { name: 'Excluir robô' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Excluir robô' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Erro ao excluir robô')
    expect(alert).toHaveTextContent('Seu perfil (Suporte) não permite esta ação.')
    expect(within(dialog).getByRole('button', { name: 'Excluir robô' })).toBeEnabled()
  })
})
