import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { Toaster } from '@/components/ui/toaster'
import { settings, tenant } from '@/features/tenant-catalog/test-support'
import { mockFetch } from '@/test/render'
import TenantPortal from './tenant-portal'

const session = { user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' }, tenant }

/** A signed-in owner on a page of the portal, with the settings answering `answer`. */
function renderSignedIn(answer: () => Response) {
  mockFetch((request) => {
    const path = new URL(request.url).pathname
    if (path === '/api/tenant-auth/me') return Response.json(session)
    if (path === '/api/tenant/settings') return answer()
    return Response.json({ message: 'Não encontrado' }, { status: 404 })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/forgot-password']}>
        <TenantPortal />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}

const root = document.documentElement
const token = (name: string) => root.style.getPropertyValue(name)

describe('tenant portal theme', () => {
  it("dresses the owner portal in the tenant's saved colours and font", async () => {
    renderSignedIn(() =>
      Response.json({
        ...settings,
        themeColors: { primary: '#16a34a', secondary: '#65a30d', accent: '#ca8a04' },
        backgroundColors: { background: '#ffffff', card: '#f0fdf4', sidebar: '#dcfce7' },
        foregroundColor: '#052e16',
        fontFamily: 'Nunito',
      }),
    )
    await waitFor(() => expect(token('--background')).toBe('#ffffff'))
    expect(token('--foreground')).toBe('#052e16')
    expect(token('--sidebar')).toBe('#dcfce7')
    expect(token('--card')).toBe('#f0fdf4')
    expect(token('--font-sans-family')).toMatch(/^"Nunito"/)
    expect(root).not.toHaveClass('dark')
  })

  it('shows "Erro ao carregar a identidade visual" and keeps the default theme when the settings fail to load', async () => {
    renderSignedIn(() => Response.json({ message: 'Erro interno' }, { status: 500 }))
    expect(await screen.findByText('Erro ao carregar a identidade visual')).toBeInTheDocument()
    expect(token('--background')).toBe('#0a0a0a')
    expect(token('--primary')).toBe('#3b82f6')
    expect(root).toHaveClass('dark')
  })
})
