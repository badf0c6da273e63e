import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { renderWithProviders } from '@/test/render'
import { LoginScreen, SignedInOnly, type SessionQuery } from './session-gates'

const query = <T,>(overrides: Partial<SessionQuery<T>>): SessionQuery<T> => ({ isPending: false, isError: false, data: null, refetch: () => undefined, ...overrides })

describe('SignedInOnly', () => {
  it('shows the screen with the session', () => {
    renderWithProviders(<SignedInOnly session={query({ data: { name: 'Ana' } })} loginPath="/login">{(user) => <p>Olá {user.name}</p>}</SignedInOnly>)
    expect(screen.getByText('Olá Ana')).toBeInTheDocument()
  })

  it('sends someone signed out to the login path', () => {
    renderWithProviders(<SignedInOnly session={query({})} loginPath="/auth">{() => <p>painel</p>}</SignedInOnly>, {
      path: '/clients',
      routes: <Route path="/auth" element={<p>login</p>} />,
    })
    expect(screen.getByText('login')).toBeInTheDocument()
    expect(screen.queryByText('painel')).not.toBeInTheDocument()
  })

  it('offers a retry when the session check failed', async () => {
    const refetch = vi.fn()
    renderWithProviders(<SignedInOnly session={query({ isError: true, refetch })} loginPath="/login">{() => <p>painel</p>}</SignedInOnly>)
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(refetch).toHaveBeenCalledOnce()
  })
})

describe('LoginScreen', () => {
  it('titles the page "Login" and shows the form to someone signed out', () => {
    renderWithProviders(<LoginScreen session={query({})} homePath="/dashboard"><p>formulário</p></LoginScreen>, { path: '/login' })
    expect(screen.getByText('formulário')).toBeInTheDocument()
    expect(document.title).toBe('Login | RoboForge')
  })

  it('sends someone signed in to the home path', () => {
    renderWithProviders(<LoginScreen session={query({ data: { id: 1 } })} homePath="/dashboard"><p>formulário</p></LoginScreen>, { path: '/login' })
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard')
  })
})
