import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders, requestOf } from '@/test/render'
import { TenantForgotPasswordPage } from './forgot-password-page'

/** The inline message box above the form (field messages are alerts of their own). */
const outcomeBox = () => document.querySelector<HTMLElement>('[data-slot="alert"]')

const SENT = 'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha.'

function renderPage() {
  return renderWithProviders(<TenantForgotPasswordPage />, { path: '/forgot-password' })
}

async function submit(email: string) {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email)
  await userEvent.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }))
}

describe('tenant forgot-password page', () => {
  it("requires an e-mail ('E-mail é obrigatório'), then a valid one ('E-mail inválido'), sending nothing", async () => {
    const fetch = mockFetch(() => Response.json({ message: SENT }))
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeInTheDocument()
    await submit('')
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument()
    await submit('nao-e-email')
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it("posts the e-mail and shows the server's answer inline", async () => {
    const fetch = mockFetch(() => Response.json({ message: SENT }))
    renderPage()
    await submit(' owner@loja.com ')
    expect(await screen.findByText(SENT)).toBeInTheDocument()
    expect(outcomeBox()).toHaveAttribute('role', 'status')
    const request = requestOf(fetch)
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/tenant-auth/forgot-password')
    expect(await request.json()).toEqual({ email: 'owner@loja.com' })
  })

  it("shows the server's error inline and its field message under the input", async () => {
    mockFetch(() => Response.json({ message: 'E-mail inválido', fields: { email: 'E-mail inválido' } }, { status: 400 }))
    renderPage()
    await submit('owner@loja.com')
    await screen.findByText('E-mail inválido', { selector: '[data-slot="alert-description"]' })
    expect(outcomeBox()).toHaveAttribute('role', 'alert')
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByText('E-mail inválido')).toHaveLength(2)
  })

  it("falls back to 'Erro ao processar solicitação' when the server says nothing", async () => {
    mockFetch(() => new Response('', { status: 502 }))
    renderPage()
    await submit('owner@loja.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao processar solicitação')
    expect(outcomeBox()).toHaveClass('text-destructive')
  })

  it('links back to the login', () => {
    renderPage()
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login')
  })
})
