import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders, requestOf } from '@/test/render'
import { ClientForgotPasswordPage } from './forgot-password-page'

const SENT = 'Se o e-mail existir, você receberá instruções para redefinir sua senha.'

function renderPage() {
  return renderWithProviders(<ClientForgotPasswordPage />, {
    path: '/forgot-password',
    routes: <Route path="/reset-password" element={<p>tela de redefinição</p>} />,
  })
}

async function submit(email: string) {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email)
  await userEvent.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }))
}

describe('client forgot-password page', () => {
  it("checks the e-mail ('E-mail inválido') before sending anything", async () => {
    const fetch = mockFetch(() => Response.json({ message: SENT }))
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeInTheDocument()
    await submit('nao-e-email')
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it("posts the e-mail, toasts 'E-mail enviado!' and shows the server's answer", async () => {
    const fetch = mockFetch(() => Response.json({ message: SENT }))
    renderPage()
    await submit(' carla@ex.com ')
    expect(await screen.findByText('E-mail enviado!')).toBeInTheDocument()
    expect(screen.getAllByText(SENT).length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'Redefinir senha agora' })).not.toBeInTheDocument()
    const request = requestOf(fetch)
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/client-auth/forgot-password')
    expect(await request.json()).toEqual({ email: 'carla@ex.com' })
  })

  it('on development hosts shows the token with a link that uses it', async () => {
    mockFetch(() => Response.json({ message: SENT, resetToken: 'tok.en/1' }))
    renderPage()
    await submit('carla@ex.com')
    expect(await screen.findByTestId('reset-token')).toHaveTextContent('tok.en/1')
    const link = screen.getByRole('link', { name: 'Redefinir senha agora' })
    expect(link).toHaveAttribute('href', '/reset-password?token=tok.en%2F1')
    await userEvent.click(link)
    expect(await screen.findByText('tela de redefinição')).toBeInTheDocument()
  })

  it("shows 'Erro ao solicitar recuperação de senha' with the server's field message under the input", async () => {
    mockFetch(() => Response.json({ message: 'Dados inválidos', fields: { email: 'E-mail deve ter no máximo 254 caracteres' } }, { status: 400 }))
    renderPage()
    await submit('carla@ex.com')
    expect(await screen.findByText('Erro ao solicitar recuperação de senha')).toBeInTheDocument()
    expect(screen.getByText('E-mail deve ter no máximo 254 caracteres', { selector: '[data-slot="form-message"], p' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
  })

  it('links back to the login', () => {
    renderPage()
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login')
  })
})
