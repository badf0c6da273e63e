import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { Toaster } from '@/components/ui/toaster'
import { mockFetch } from '@/test/render'
import ClientPortal from './client-portal'

/** The client portal's sign-in page, with the public branding answering `branding`. */
function renderWithBranding(branding: () => Response) {
  mockFetch((request) =>
    new URL(request.url).pathname === '/api/public/tenant-branding' ? branding() : Response.json({ message: 'Não autenticado' }, { status: 401 }),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <ClientPortal />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

const root = document.documentElement
const token = (name: string) => root.style.getPropertyValue(name)

describe('client portal theme', () => {
  it("puts every colour and the font of the tenant's branding on the page: a light background gets its dark text", async () => {
    renderWithBranding(() =>
      Response.json({
        name: 'Loja Clara',
        primaryColor: '#2563eb',
        secondaryColor: '#7c3aed',
        accentColor: '#ca8a04',
        backgroundColor: '#f8fafc',
        surfaceColor: '#ffffff',
        sidebarColor: '#e2e8f0',
        foregroundColor: '#0f172a',
        customFont: 'Poppins',
      }),
    )
    await waitFor(() => expect(token('--background')).toBe('#f8fafc'))
    expect(token('--foreground')).toBe('#0f172a')
    expect(token('--primary')).toBe('#2563eb')
    expect(token('--primary-foreground')).toBe('#ffffff')
    expect(token('--secondary')).toBe('#7c3aed')
    expect(token('--brand-accent')).toBe('#ca8a04')
    expect(token('--card')).toBe('#ffffff')
    expect(token('--sidebar')).toBe('#e2e8f0')
    expect(token('--sidebar-foreground')).toBe('#0f172a')
    expect(token('--font-sans-family')).toMatch(/^"Poppins"/)
    expect(root).not.toHaveClass('dark')
    expect(screen.queryByText('Erro ao carregar a identidade visual')).not.toBeInTheDocument()
  })

  it('derives readable text when the branding has a light background and no text colour', async () => {
    renderWithBranding(() => Response.json({ name: 'Loja Clara', backgroundColor: '#ffffff' }))
    await waitFor(() => expect(token('--background')).toBe('#ffffff'))
    expect(token('--foreground')).toBe('#0a0a0a')
  })

  it('shows the default theme, without an error, where no tenant is found', async () => {
    renderWithBranding(() => Response.json({ message: 'Tenant não encontrado' }, { status: 404 }))
    await waitFor(() => expect(token('--background')).toBe('#0a0a0a'))
    await screen.findByRole('button', { name: 'Entrar' })
    expect(screen.queryByText('Erro ao carregar a identidade visual')).not.toBeInTheDocument()
  })

  // Last: the toaster's state outlives a test.
  it('shows "Erro ao carregar a identidade visual" and the default theme when the branding fails to load', async () => {
    renderWithBranding(() => Response.json({ message: 'Erro interno' }, { status: 500 }))
    expect(await screen.findByText('Erro ao carregar a identidade visual')).toBeInTheDocument()
    expect(token('--background')).toBe('#0a0a0a')
    expect(token('--foreground')).toBe('#fafafa')
    expect(token('--primary')).toBe('#3b82f6')
    expect(token('--font-sans-family')).toMatch(/^"Inter"/)
    expect(root).toHaveClass('dark')
  })
})
