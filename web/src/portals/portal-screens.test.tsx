import type * as React from 'react'
import { describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { InDataRouter, mockFetch } from '@/test/render'
import { menuOf, type Screen } from '@/components/portal-shell/screens'
import AdminPortal from './admin/admin-portal'
import { adminScreens } from './admin/admin-screens'
import TenantPortal from './tenant/tenant-portal'
import { tenantScreens } from './tenant/tenant-screens'
import ClientPortal from './client/client-portal'
import { clientScreens } from './client/client-screens'

const tenant = { id: '0190c0de-0000-7000-8000-000000000003', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null }
const sessions: Record<string, unknown> = {
  '/api/auth/me': { id: '0190c0de-0000-7000-8000-000000000001', username: 'admin', email: 'admin@roboforge.dev', name: 'Ana Admin', role: 'admin' },
  '/api/tenant-auth/me': { user: { id: '0190c0de-0000-7000-8000-000000000002', name: 'Olívia Owner', email: 'owner@loja.com', role: 'admin' }, tenant },
  '/api/client-auth/me': { user: { id: '0190c0de-0000-7000-8000-000000000004', name: 'Carla Cliente', email: 'carla@ex.com' }, tenant },
}

/** The portal at `path`, signed in. */
function renderSignedIn(Portal: React.ComponentType, path: string) {
  mockFetch((request) => {
    const session = sessions[new URL(request.url).pathname]
    return session ? Response.json(session) : Response.json({ message: 'Não encontrado' }, { status: 404 })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <InDataRouter path={path}>
        <Portal />
      </InDataRouter>
    </QueryClientProvider>,
  )
}

/** The screen's own heading once its page has loaded; fails on the 404 page. */
async function pageHeading(): Promise<string> {
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 3000 })
  expect(heading).not.toHaveTextContent(/^(404|Página não encontrada)$/)
  return heading.textContent ?? ''
}

const portals: Array<[string, React.ComponentType, Screen[]]> = [
  ['admin', AdminPortal, adminScreens],
  ['tenant', TenantPortal, tenantScreens],
  ['client', ClientPortal, clientScreens],
]

// Each test opens the portal once per screen, loading every page lazily.
const PER_SCREEN_MS = 20_000

describe.each(portals)('%s screen table', (_name, Portal, screens) => {
  it('has one screen per path', () => {
    const paths = screens.map((s) => s.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('shows every menu entry, in table order, and each one opens a page (no 404)', async () => {
    const first = screens[0]!
    renderSignedIn(Portal, first.path)
    await pageHeading()
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' })
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => ({ label: link.textContent?.trim(), path: link.getAttribute('href') }))
    expect(links).toEqual(menuOf(screens).map(({ label, path }) => ({ label, path })))

    for (const link of links) {
      cleanup()
      renderSignedIn(Portal, link.path!)
      await pageHeading()
    }
  }, PER_SCREEN_MS)

  it('gives every routed screen a menu entry, marked as current while it is shown', async () => {
    for (const entry of screens.filter((s) => s.inMenu !== false)) {
      cleanup()
      renderSignedIn(Portal, entry.path)
      await pageHeading()
      const nav = screen.getByRole('navigation', { name: 'Navegação principal' })
      const current = nav.querySelector('[data-active="true"], [aria-current="page"]')
      expect(current, entry.path).toHaveTextContent(entry.label)
    }
  }, PER_SCREEN_MS)
})
