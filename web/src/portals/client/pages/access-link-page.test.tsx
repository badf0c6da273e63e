import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { authKeys } from '@/lib/query-keys/auth'
import { ClientAccessLinkPage } from './access-link-page'

const token = '0190c0de-0000-7000-8000-0000000000aa.0123456789abcdefghijklmnopqrstuv'
const session = {
  user: { id: 'c1', name: 'Maria Souza', email: 'maria@exemplo.com' },
  tenant: { id: '0190c0de-0000-7000-8000-0000000000aa', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
}
const INVALID = 'Link de acesso inválido, expirado ou já usado. Peça um novo ao vendedor, ou entre com e-mail e senha.'

function renderPage(path: string, answer: () => Response) {
  const fetch = mockFetch(apiRoutes({ 'POST /api/client-auth/access-link': answer }))
  // Reached from / so the page first renders with the link's own address.
  const view = renderWithProviders(<Navigate to={path} replace />, {
    routes: (
      <>
        <Route path="/acesso" element={<ClientAccessLinkPage />} />
        <Route path="/dashboard" element={<h1>Painel do cliente</h1>} />
      </>
    ),
  })
  return { fetch, ...view }
}

describe('client access-link page', { timeout: 30_000 }, () => {
  it('signs the buyer in with the token once and opens the dashboard', async () => {
    const { fetch, queryClient } = renderPage(`/acesso?token=${token}`, () => Response.json(session))
    expect(await screen.findByRole('heading', { name: 'Painel do cliente' })).toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard')
    const requests = requestsTo(fetch, 'POST', '/api/client-auth/access-link')
    expect(requests).toHaveLength(1)
    expect(await requests[0]!.json()).toEqual({ token })
    expect(queryClient.getQueryData(authKeys.session('client'))).toEqual(session)
  })

  it('says an invalid, expired or used link was not accepted, with the two ways on', async () => {
    renderPage(`/acesso?token=${token}`, () => errorBody(400, 'Dados inválidos', { token: INVALID }))
    expect(await screen.findByText('Link não aceito')).toBeInTheDocument()
    expect(screen.getByText(INVALID)).toBeInTheDocument()
    expect(screen.getByText(/Peça um novo link ao vendedor/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Entrar com e-mail e senha' })).toHaveAttribute('href', '/login')
    expect(screen.getByTestId('current-path')).toHaveTextContent('/acesso')
  })

  it('sends nothing for an address without a token', async () => {
    const { fetch } = renderPage('/acesso', () => Response.json(session))
    expect(await screen.findByText('Link não aceito')).toBeInTheDocument()
    expect(screen.getByText(/O endereço está incompleto/)).toBeInTheDocument()
    await waitFor(() => expect(requestsTo(fetch, 'POST', '/api/client-auth/access-link')).toHaveLength(0))
  })
})
