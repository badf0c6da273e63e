import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { HotmartApiCard } from './hotmart-api-card'

const PATH = '/api/tenant/hotmart-api'
const REFUSED = 'A Hotmart recusou estas credenciais. Confira o Client ID, o Client Secret e o token Basic.'

function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${PATH}`]: () => Response.json({ configured: false, clientIdPrefix: null }), ...handlers }))
  renderWithProviders(<HotmartApiCard />, { path: '/settings' })
  return fetch
}

const form = () => screen.findByRole('form', { name: 'Credenciais da API da Hotmart' })

async function fill(user: ReturnType<typeof userEvent.setup>) {
  const fields = within(await form())
  await user.type(fields.getByLabelText(/^Client ID/), '4f1c9a7e-client')
  await user.type(fields.getByLabelText(/^Client Secret/), 's3cr3t')
  await user.type(fields.getByLabelText(/^Token Basic/), 'Basic NGYxYzlh')
}

describe('Hotmart API credentials card', { timeout: 20_000 }, () => {
  it("saves the three values (checked by Hotmart on the server) and then shows only 'Configurado'", async () => {
    const user = userEvent.setup()
    const fetch = renderCard({ [`PUT ${PATH}`]: () => Response.json({ configured: true, clientIdPrefix: '4f1c9a' }) })
    expect(await screen.findByText('Não configurado')).toBeInTheDocument()
    await fill(user)
    await user.click(within(await form()).getByRole('button', { name: 'Conectar à Hotmart' }))
    expect(await screen.findByText('Credenciais da Hotmart salvas')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PUT', PATH)[0]!.json()).toEqual({ clientId: '4f1c9a7e-client', clientSecret: 's3cr3t', basicToken: 'Basic NGYxYzlh' })
    expect(screen.getByText('Configurado')).toBeInTheDocument()
    expect(screen.getByTestId('hotmart-api-stored')).toHaveTextContent('Client ID 4f1c9a…')
    expect(within(await form()).getByRole('button', { name: 'Trocar credenciais' })).toBeInTheDocument()
    // Write-only: the fields are empty again and nothing secret is on screen.
    expect(within(await form()).getByLabelText(/^Client Secret/)).toHaveValue('')
    expect(document.body).not.toHaveTextContent('s3cr3t')
    expect(within(await form()).getByLabelText(/^Client Secret/)).toHaveAttribute('type', 'password')
  })

  it('asks for every field before sending', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    await user.click(within(await form()).getByRole('button', { name: 'Conectar à Hotmart' }))
    for (const message of ['Client ID é obrigatório', 'Client Secret é obrigatório', 'Token Basic é obrigatório']) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(requestsTo(fetch, 'PUT', PATH)).toHaveLength(0)
  })

  it("shows Hotmart's refusal under the field and keeps nothing", async () => {
    const user = userEvent.setup()
    renderCard({ [`PUT ${PATH}`]: () => errorBody(400, REFUSED, { clientSecret: REFUSED }) })
    await fill(user)
    await user.click(within(await form()).getByRole('button', { name: 'Conectar à Hotmart' }))
    expect(await screen.findByText('Erro ao salvar credenciais da Hotmart')).toBeInTheDocument()
    expect(within(await form()).getByText(REFUSED)).toBeInTheDocument()
    expect(screen.getByText('Não configurado')).toBeInTheDocument()
  })

  it('removes stored credentials after a confirmation', async () => {
    const user = userEvent.setup()
    const fetch = renderCard({
      [`GET ${PATH}`]: () => Response.json({ configured: true, clientIdPrefix: '4f1c9a' }),
      [`DELETE ${PATH}`]: () => new Response(null, { status: 204 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Remover credenciais' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover as credenciais da Hotmart?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remover credenciais' }))
    expect(await screen.findByText('Credenciais da Hotmart removidas')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('Não configurado')).toBeInTheDocument())
    expect(requestsTo(fetch, 'DELETE', PATH)).toHaveLength(1)
  })
})
