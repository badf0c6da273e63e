import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders, requestOf } from '@/test/render'
import { AdminLoginForm, AdminLoginPage } from './admin-login-page'

const admin = { id: '0190c0de-0000-7000-8000-000000000001', username: 'admin', email: 'admin@roboforge.dev', name: 'Ana Admin', role: 'admin' }

describe('admin login form', () => {
  it('shows the zod messages and calls no API on short input', async () => {
    const fetch = mockFetch(() => Response.json({}))
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    await userEvent.type(screen.getByLabelText('Usuário'), 'ab')
    await userEvent.type(screen.getByLabelText('Senha'), '12345{Enter}')
    expect(await screen.findByText('Usuário deve ter no mínimo 3 caracteres')).toBeInTheDocument()
    expect(screen.getByText('Senha deve ter no mínimo 6 caracteres')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('binds labels to inputs with stable ids and names', () => {
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('id', 'username')
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('name', 'username')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('id', 'password')
  })

  it('posts the credentials and goes to the dashboard', async () => {
    const fetch = mockFetch(() => Response.json({ user: admin }))
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    await userEvent.type(screen.getByLabelText('Usuário'), 'admin')
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123')
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/))
    const request = requestOf(fetch)
    expect(new URL(request.url).pathname).toBe('/api/auth/login')
    expect(request.credentials).toBe('include')
    expect(await request.json()).toEqual({ username: 'admin', password: 'segredo123' })
  })

  it("shows the server's message in a 'Falha no login' toast", async () => {
    mockFetch(() => Response.json({ message: 'Usuário ou senha inválidos' }, { status: 401 }))
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    await userEvent.type(screen.getByLabelText('Usuário'), 'admin')
    await userEvent.type(screen.getByLabelText('Senha'), 'errada123{Enter}')
    expect(await screen.findByText('Falha no login')).toBeInTheDocument()
    expect(screen.getByText('Usuário ou senha inválidos')).toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/auth')
  })
})

describe('admin login form and the server', () => {
  it("shows the server's field errors under the inputs they name", async () => {
    mockFetch(() => Response.json({ message: 'Dados inválidos', fields: { username: 'Usuário deve ter no máximo 64 caracteres' } }, { status: 400 }))
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    await userEvent.type(screen.getByLabelText('Usuário'), 'admin')
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123{Enter}')
    const message = await screen.findByText('Usuário deve ter no máximo 64 caracteres')
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Usuário')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
    expect(screen.getByLabelText('Usuário')).toHaveFocus()
    expect(screen.getByText('Falha no login')).toBeInTheDocument()
    expect(screen.getByText('Dados inválidos')).toBeInTheDocument()
  })

  it('takes its limits from the shared field rules', async () => {
    const fetch = mockFetch(() => Response.json({}))
    renderWithProviders(<AdminLoginForm />, { path: '/auth' })
    await userEvent.type(screen.getByLabelText('Usuário'), 'a'.repeat(65))
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo123{Enter}')
    expect(await screen.findByText('Usuário deve ter no máximo 64 caracteres')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('admin login page', () => {
  it('sends a signed-in admin to the dashboard', async () => {
    mockFetch(() => Response.json(admin))
    renderWithProviders(<AdminLoginPage />, { path: '/auth', routes: <Route path="/" element={<p>painel</p>} /> })
    expect(await screen.findByText('painel')).toBeInTheDocument()
  })

  it('shows the form and the marketing blurbs when nobody is signed in', async () => {
    mockFetch(() => Response.json({ message: 'Não autenticado' }, { status: 401 }))
    renderWithProviders(<AdminLoginPage />, { path: '/auth' })
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument()
    for (const blurb of ['Multi-tenant', 'Escalável', 'Seguro']) expect(screen.getByText(blurb)).toBeInTheDocument()
    expect(document.title).toBe('Login | RoboForge')
  })
})
