import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { pageTitle, PortalBrandContext, useTabIcon } from './page-title'

function TabIcon({ url }: { url: string | null }) {
  useTabIcon(url)
  return null
}

describe('page title and tab icon', () => {
  it('names the page and the tenant, defaulting to RoboForge', () => {
    expect(pageTitle('Clientes', 'Loja Robôs')).toBe('Clientes | Loja Robôs')
    expect(pageTitle('Login', null)).toBe('Login | RoboForge')
    expect(pageTitle('Login', '  ')).toBe('Login | RoboForge')
  })

  it("uses the tenant's favicon, else the default", () => {
    const { rerender } = render(<TabIcon url="https://cdn.example.com/f.png" />)
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href).toBe('https://cdn.example.com/f.png')
    rerender(<TabIcon url={null} />)
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon.svg')
  })

  it('shows the not-found screen with the tenant in the title', () => {
    render(
      <PortalBrandContext.Provider value={{ displayName: 'Loja Robôs', faviconUrl: null }}>
        <MemoryRouter>
          <NotFoundPage />
        </MemoryRouter>
      </PortalBrandContext.Provider>,
    )
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument()
    expect(document.title).toBe('Página não encontrada | Loja Robôs')
  })
})
