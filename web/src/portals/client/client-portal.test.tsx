import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { mockFetch } from '@/test/render'
import ClientPortal from './client-portal'

function renderAt(path: string) {
  mockFetch(() => Response.json({ message: 'Não autenticado' }, { status: 401 }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ClientPortal />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('client portal public routes', () => {
  it("opens the client's own forgot-password page", async () => {
    renderAt('/forgot-password')
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument()
  })

  it("opens the client's own reset-password page", async () => {
    renderAt('/reset-password')
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Inválido' })).toBeInTheDocument()
  })

  it('opens the access-link page at /acesso without signing in first', async () => {
    renderAt('/acesso')
    expect(await screen.findByRole('heading', { level: 1, name: 'Link de acesso' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Entrar com e-mail e senha' })).toBeInTheDocument()
  })
})
