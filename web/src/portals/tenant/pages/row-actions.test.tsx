import type * as React from 'react'
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Navigate, Route } from 'react-router-dom'
import { apiRoutes, page } from '@/test/api-routes'
import { mockFetch, renderWithProviders } from '@/test/render'
import { PHONE_WIDTH, setViewportWidth } from '@/test/viewport'
import type { TeamMember } from '@/features/tenant-access/api/team'
import { ownerSession, signedInOwner } from '@/features/tenant-access/test-support'
import { alpha, alphaLicenseSettings, alphaSeatPolicy, alphaVersions, robotsPage as catalogRobotsPage } from '@/features/tenant-catalog/test-support'
import { alphaLicense, betaLicense, maria, pedro, sale, subscription } from '@/features/tenant-clients/test-support'
import { generationSummary } from '@/features/robot-factory/test-support'
import { TenantClientsPage } from './clients-page'
import { TenantLicensesPage } from './licenses-page'
import { TenantRobotGenerationsPage } from './robot-generations-page'
import { TenantRobotVersionsPage } from './robot-versions-page'
import { TenantRobotsPage } from './robots-page'
import { TenantSalesPage } from './sales-page'
import { TenantSubscriptionsPage } from './subscriptions-page'
import { TenantTeamPage } from './team-page'

const invited: TeamMember = {
  id: '0190c0de-0000-7000-8000-0000000000b1',
  name: 'Sérgio Lima',
  email: 'sergio@loja.com',
  role: 'support',
  active: true,
  emailVerified: false,
  invitationPending: true,
  invitedAt: '2025-03-02T12:00:00Z',
  createdAt: '2025-03-02T12:00:00Z',
}

interface ListScreen {
  name: string
  path: string
  page: React.ReactElement
  /** Other routes, for a page reached at a path with a parameter. */
  routes?: React.ReactNode
  api: Parameters<typeof apiRoutes>[0]
  /** Shown once the rows are in. */
  loaded: string
}

// Every owner list whose rows have actions, signed in as an admin (who is offered every action).
const screens: ListScreen[] = [
  { name: 'Clientes', path: '/clients', page: <TenantClientsPage />, api: { 'GET /api/tenant/clients': () => Response.json(page([maria, pedro])) }, loaded: 'Pedro Lima' },
  {
    name: 'Licenças',
    path: '/licenses',
    page: <TenantLicensesPage />,
    api: { 'GET /api/tenant/licenses': () => Response.json(page([alphaLicense, betaLicense])) },
    loaded: 'Robô Beta',
  },
  { name: 'Robôs', path: '/robots', page: <TenantRobotsPage />, api: { 'GET /api/tenant/robots': () => Response.json(catalogRobotsPage()) }, loaded: 'Robô Beta' },
  {
    name: 'Versões',
    path: '/',
    page: <Navigate to={`/robots/${alpha.id}/versions`} />,
    routes: <Route path="/robots/:robotId/versions" element={<TenantRobotVersionsPage />} />,
    api: {
      [`GET /api/tenant/robots/${alpha.id}/versions`]: () => Response.json(alphaVersions()),
      [`GET /api/tenant/robots/${alpha.id}/license`]: () => Response.json(alphaLicenseSettings),
      [`GET /api/tenant/robots/${alpha.id}/seat-policy`]: () => Response.json(alphaSeatPolicy),
      [`GET /api/tenant/robots/${alpha.id}/shared-build-clients`]: () => Response.json({ items: [] }),
    },
    loaded: 'alpha-1.2.0.ex5',
  },
  { name: 'Vendas', path: '/sales', page: <TenantSalesPage />, api: { 'GET /api/tenant/sales': () => Response.json(page([sale])) }, loaded: 'HP-2025-001' },
  {
    name: 'Assinaturas',
    path: '/subscriptions',
    page: <TenantSubscriptionsPage />,
    api: { 'GET /api/tenant/subscriptions': () => Response.json(page([subscription])) },
    loaded: 'Mensal',
  },
  {
    name: 'Gerações',
    path: '/robot-generations',
    page: <TenantRobotGenerationsPage />,
    api: { 'GET /api/tenant/robot-generations': () => Response.json(page([generationSummary()])) },
    loaded: 'v1',
  },
  {
    name: 'Equipe',
    path: '/team',
    page: <TenantTeamPage />,
    api: { 'GET /api/tenant/team': () => Response.json([{ ...ownerSession('admin').user, active: true, emailVerified: true, invitationPending: false, invitedAt: null, createdAt: '2025-01-10T12:00:00Z' }, invited]) },
    loaded: 'Sérgio Lima',
  },
]

async function renderScreen(screenUnderTest: ListScreen) {
  mockFetch(apiRoutes(screenUnderTest.api))
  renderWithProviders(screenUnderTest.page, { queryData: [signedInOwner('admin')], path: screenUnderTest.path, routes: screenUnderTest.routes })
  await screen.findAllByText(screenUnderTest.loaded, undefined, { timeout: 5000 })
}

/** Every button and link among the row actions: each has an accessible name and words a person can see. */
function expectLabelledRowActions() {
  const groups = document.querySelectorAll<HTMLElement>('[data-slot="row-actions"]')
  expect(groups.length).toBeGreaterThan(0)
  for (const group of groups) {
    const actions = [...within(group).queryAllByRole('button'), ...within(group).queryAllByRole('link')]
    expect(actions.length).toBeGreaterThan(0)
    const named = [...within(group).queryAllByRole('button', { name: /\S/ }), ...within(group).queryAllByRole('link', { name: /\S/ })]
    expect(named).toHaveLength(actions.length)
    for (const action of actions) expect(action.textContent?.trim(), action.outerHTML).not.toBe('')
  }
}

describe.each(screens)('row actions of $name', { timeout: 30_000 }, (entry) => {
  it('are named and labelled in the table (768 px and up)', async () => {
    setViewportWidth(1366)
    await renderScreen(entry)
    expect(screen.getByRole('table', { name: entry.name })).toBeInTheDocument()
    expectLabelledRowActions()
  })

  it('are named and labelled on the cards of a phone', async () => {
    setViewportWidth(PHONE_WIDTH)
    await renderScreen(entry)
    expect(screen.queryByRole('table', { name: entry.name })).not.toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: entry.name })).getAllByTestId('list-card').length).toBeGreaterThan(0)
    expectLabelledRowActions()
  })
})
