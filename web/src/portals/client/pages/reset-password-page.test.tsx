import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders, requestOf } from '@/test/render'
import { ClientResetPasswordPage, RESET_REDIRECT_DELAY_MS } from './reset-password-page'

afterEach(() => {
  vi.useRealTimers()
})

function renderAt(search: string) {
  return renderWithProviders(<Navigate to={`/reset-password${search}`} />, {
    path: '/',
    routes: (
      <>
        <Route path="/reset-password" element={<ClientResetPasswordPage />} />
        <Route path="/login" element={<p>tela de login</p>} />
        <Route path="/forgot-password" element={<p>esqueci</p>} />
      </>
    ),
  })
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText('Nova senha'), password)
  if (confirmation) await user.type(screen.getByLabelText('Confirmar senha'), confirmation)
  await user.click(screen.getByRole('button', { name: 'Redefinir senha' }))
}

describe('client reset-password page', () => {
  it("without a token shows 'Link Inválido' and a way to ask for a new link", async () => {
    renderAt('')
    expect(screen.getByRole('heading', { level: 1, name: 'Link Inválido' })).toBeInTheDocument()
    expect(screen.getByText(/Token inválido/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Solicitar novo link' }))
    expect(await screen.findByText('esqueci')).toBeInTheDocument()
  })

  it('checks the length, the confirmation and the match, sending nothing', async () => {
    const fetch = mockFetch(() => Response.json({ message: 'ok' }))
    renderAt('?token=abc.def')
    const user = userEvent.setup()
    await fill(user, '123', '')
    expect(await screen.findByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(screen.getByText('Confirme sua senha')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Nova senha'))
    await fill(user, 'segredo1', 'segredo2')
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it("sends token and password, says 'Senha redefinida!' and opens the login after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = mockFetch(() => Response.json({ message: 'Senha redefinida com sucesso.' }))
    renderAt('?token=abc.def')
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await fill(user, 'segredo123', 'segredo123')
    expect((await screen.findAllByText('Senha redefinida!')).length).toBeGreaterThan(0)
    const request = requestOf(fetch)
    expect(new URL(request.url).pathname).toBe('/api/client-auth/reset-password')
    expect(await request.json()).toEqual({ token: 'abc.def', newPassword: 'segredo123' })

    act(() => vi.advanceTimersByTime(RESET_REDIRECT_DELAY_MS - 100))
    expect(screen.queryByText('tela de login')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByText('tela de login')).toBeInTheDocument()
  })

  it("shows the server's refusal of the token, with a way to ask for a new link", async () => {
    const invalid = 'Link de redefinição inválido ou expirado. Solicite um novo.'
    mockFetch(() => Response.json({ message: invalid, fields: { token: invalid } }, { status: 400 }))
    renderAt('?token=abc.def')
    await fill(userEvent.setup(), 'segredo123', 'segredo123')
    expect((await screen.findAllByText('Erro ao redefinir senha')).length).toBeGreaterThan(0)
    expect(screen.getAllByText(invalid).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Solicitar novo link' })).toHaveAttribute('href', '/forgot-password')
  })
})
