import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { mockFetch } from '@/test/render'
import TenantPortal from './tenant-portal'

function renderSignedOut(path: string) {
  mockFetch(() => Response.json({ message: 'Não autenticado' }, { status: 401 }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TenantPortal />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('tenant portal public routes', () => {
  it('/forgot-password opens the recovery form without a session', async () => {
    renderSignedOut('/forgot-password')
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument()
  })

  it('/convite opens the invitation page without a session (dev /tenant/convite, prod admin.<domínio>/convite)', async () => {
    renderSignedOut(`/convite?token=${'a'.repeat(32)}.${'b'.repeat(64)}`)
    expect(await screen.findByRole('heading', { level: 2, name: 'Crie sua senha' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Criar senha e entrar' })).toBeEnabled()
  })

  it('/reset-password reads the token from the link', async () => {
    renderSignedOut('/reset-password?token=abc.def')
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar ou redefinir senha' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Salvar senha' })).toBeEnabled()
    expect(screen.queryByText('Link incompleto')).not.toBeInTheDocument()
  })
})
