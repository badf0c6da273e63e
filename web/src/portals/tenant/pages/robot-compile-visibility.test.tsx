import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, requestsTo } from '@/test/api-routes'
import { alpha, alphaLicenseSettings, alphaSeatPolicy, alphaVersions, beta, robotsPage } from '@/features/tenant-catalog/test-support'
import type { RobotCompileJob, RobotCompileJobs } from '@/features/compilation/api/robot-compile-jobs'
import { TenantRobotsPage } from './robots-page'
import { TenantRobotVersionsPage } from './robot-versions-page'

const NO_AGENT =
  'Nenhum agente de compilação online para atender sua conta agora. A compilação mantém seu lugar na fila e começa assim que um agente se conectar.'

const queued: RobotCompileJob = {
  id: '0190c0de-0000-7000-8000-0000000000c1',
  status: 'pending',
  statusLabel: 'Na fila',
  source: 'import',
  originalFileName: 'Robo_Alpha.mq5',
  errorMessage: null,
  waitingReason: NO_AGENT,
  jobsAhead: 0,
  createdAt: '2025-03-10T12:00:00Z',
  startedAt: null,
  completedAt: null,
}
const failed: RobotCompileJob = {
  ...queued,
  id: '0190c0de-0000-7000-8000-0000000000c2',
  status: 'failed',
  statusLabel: 'Falhou',
  waitingReason: null,
  errorMessage: "'lote' - undeclared identifier",
}
const waiting: RobotCompileJobs = { jobs: [queued], inProgress: true, agentsOnline: 0 }
const nothing: RobotCompileJobs = { jobs: [], inProgress: false, agentsOnline: 1 }

describe('compiles that stay visible', { timeout: 30_000 }, () => {
  it('the robot list shows a queued compile and why it waits, next to "Sem versão ativa"', async () => {
    const noVersion = { ...beta, activeVersion: null }
    mockFetch(
      apiRoutes({
        'GET /api/tenant/robots': () => Response.json({ ...robotsPage(), items: [alpha, noVersion] }),
        [`GET /api/tenant/robots/${alpha.id}/compile-jobs`]: () => Response.json({ jobs: [failed], inProgress: false, agentsOnline: 1 }),
        [`GET /api/tenant/robots/${beta.id}/compile-jobs`]: () => Response.json(waiting),
      }),
    )
    renderWithProviders(<TenantRobotsPage />, { queryData: [signedInOwner('admin')], path: '/robots' })
    const row = (await screen.findByText('Robô Beta')).closest('tr')!
    expect(within(row).getByText('Sem versão ativa')).toBeInTheDocument()
    expect(await within(row).findByText('Compilação na fila')).toBeInTheDocument()
    expect(within(row).getByText(NO_AGENT)).toBeInTheDocument()
    const alphaRow = (await screen.findByText('Robô Alpha')).closest('tr')!
    expect(await within(alphaRow).findByText('Compilação falhou')).toBeInTheDocument()
    expect(within(alphaRow).getByText("'lote' - undeclared identifier")).toBeInTheDocument()
  })

  it('the versions page does not invite an upload while the first version waits to compile, and says why', async () => {
    const fetch = mockFetch(
      apiRoutes({
        [`GET /api/tenant/robots/${alpha.id}/versions`]: () => Response.json({ ...alphaVersions(), activeVersion: null, versions: [] }),
        [`GET /api/tenant/robots/${alpha.id}/license`]: () => Response.json(alphaLicenseSettings),
        [`GET /api/tenant/robots/${alpha.id}/seat-policy`]: () => Response.json(alphaSeatPolicy),
        [`GET /api/tenant/robots/${alpha.id}/shared-build-clients`]: () => Response.json({ items: [] }),
        [`GET /api/tenant/robots/${alpha.id}/compile-jobs`]: () => Response.json(waiting),
      }),
    )
    renderWithProviders(<Navigate to={`/robots/${alpha.id}/versions`} />, {
      queryData: [signedInOwner('admin')],
      path: '/',
      routes: <Route path="/robots/:robotId/versions" element={<TenantRobotVersionsPage />} />,
    })
    const list = await screen.findByRole('list', { name: 'Compilações do robô' })
    expect(within(list).getByText('Robo_Alpha.mq5')).toBeInTheDocument()
    expect(within(list).getByText(NO_AGENT)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText(/A primeira versão aguarda compilação\./)).toBeInTheDocument())
    expect(screen.queryByText(/Nenhuma versão enviada/)).not.toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', `/api/tenant/robots/${alpha.id}/compile-jobs`).length).toBeGreaterThan(0)
  })

  it('the versions page keeps its invitation when nothing is compiling', async () => {
    mockFetch(
      apiRoutes({
        [`GET /api/tenant/robots/${alpha.id}/versions`]: () => Response.json({ ...alphaVersions(), activeVersion: null, versions: [] }),
        [`GET /api/tenant/robots/${alpha.id}/license`]: () => Response.json(alphaLicenseSettings),
        [`GET /api/tenant/robots/${alpha.id}/seat-policy`]: () => Response.json(alphaSeatPolicy),
        [`GET /api/tenant/robots/${alpha.id}/shared-build-clients`]: () => Response.json({ items: [] }),
        [`GET /api/tenant/robots/${alpha.id}/compile-jobs`]: () => Response.json(nothing),
      }),
    )
    renderWithProviders(<Navigate to={`/robots/${alpha.id}/versions`} />, {
      queryData: [signedInOwner('admin')],
      path: '/',
      routes: <Route path="/robots/:robotId/versions" element={<TenantRobotVersionsPage />} />,
    })
    expect(await screen.findByText(/Nenhuma versão enviada/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Compilações do robô' })).not.toBeInTheDocument()
  })
})
