import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { mockFetch, requestOf } from '@/test/render'
import { RESET_REDIRECT_DELAY_MS, TenantResetPasswordPage } from './reset-password-page'

afterEach(() => {
  vi.useRealTimers()
})

/** The page at /reset-password with the given query string; /login shows a marker. */
function renderAt(search: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/reset-password${search}`]}>
        <Routes>
          <Route path="/reset-password" element={<TenantResetPasswordPage />} />
          <Route path="/login" element={<p>tela de login</p>} />
          <Route path="/forgot-password" element={<p>esqueci</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  await user.type(screen.getByLabelText('Nova senha'), password)
  await user.type(screen.getByLabelText('Confirmar senha'), confirmation)
  await user.click(screen.getByRole('button', { name: 'Salvar senha' }))
}

describe('tenant reset-password page', () => {
  it('speaks to an invited owner as well as one who forgot the password', () => {
    renderAt('?token=abc.def')
    expect(screen.getByRole('heading', { level: 1, name: 'Criar ou redefinir senha' })).toBeInTheDocument()
    expect(screen.getByText(/a primeira, se você foi convidado para a equipe, ou uma nova, se esqueceu a sua/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Salvar senha' })).toBeEnabled()
  })

  it('without a token says so, disables the submit and offers a new link', () => {
    renderAt('')
    expect(screen.getByRole('alert')).toHaveTextContent('Link incompleto')
    expect(screen.getByText(/Convite expirado\? Peça a um administrador/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Salvar senha' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute('href', '/forgot-password')
  })

  it('checks the length and that both passwords match, sending nothing', async () => {
    const fetch = mockFetch(() => Response.json({ message: 'ok' }))
    renderAt('?token=abc.def')
    const user = userEvent.setup()
    await fill(user, '123', '123')
    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Nova senha'))
    await user.clear(screen.getByLabelText('Confirmar senha'))
    await fill(user, 'segredo1', 'segredo2')
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument()
    expect(screen.queryByText('A senha deve ter pelo menos 6 caracteres')).not.toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends token and new password, confirms, and opens the login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = mockFetch(() => Response.json({ message: 'Senha redefinida com sucesso! Faça login com a nova senha.' }))
    renderAt('?token=abc.def')
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await fill(user, 'segredo123', 'segredo123')
    const confirmation = await screen.findByRole('status')
    expect(confirmation).toHaveTextContent('Senha salva!')
    expect(confirmation).toHaveTextContent('Senha redefinida com sucesso! Faça login com a nova senha.')
    const request = requestOf(fetch)
    expect(new URL(request.url).pathname).toBe('/api/tenant-auth/reset-password')
    expect(await request.json()).toEqual({ token: 'abc.def', newPassword: 'segredo123' })

    act(() => vi.advanceTimersByTime(RESET_REDIRECT_DELAY_MS - 100))
    expect(screen.queryByText('tela de login')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByText('tela de login')).toBeInTheDocument()
    expect(RESET_REDIRECT_DELAY_MS).toBe(3000)
  })

  it("shows the server's refusal inline, with a way to ask for a new link", async () => {
    const invalid = 'Link de redefinição inválido ou expirado. Solicite um novo.'
    mockFetch(() => Response.json({ message: invalid, fields: { token: invalid } }, { status: 400 }))
    renderAt('?token=abc.def')
    await fill(userEvent.setup(), 'segredo123', 'segredo123')
    expect(await screen.findByRole('alert')).toHaveTextContent(invalid)
    expect(screen.getByRole('alert').textContent).not.toContain(`${invalid} ${invalid}`)
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nova senha')).toBeInTheDocument()
  })

  it("falls back to 'Erro ao salvar a senha' when the server says nothing", async () => {
    mockFetch(() => new Response('', { status: 500 }))
    renderAt('?token=abc.def')
    await fill(userEvent.setup(), 'segredo123', 'segredo123')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao salvar a senha')
  })
})
