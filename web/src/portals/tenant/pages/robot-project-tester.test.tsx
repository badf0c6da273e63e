import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, requestsTo } from '@/test/api-routes'
import { polyfillRadixSelect } from '@/test/select'
import { profile } from '@/components/backtest/test-data'
import { completedRun, list, tester } from '@/features/backtests/test-support'
import { factoryStatus, firstVersionId, fixingVersion, project, projectId, version } from '@/features/robot-factory/test-support'
import { TenantRobotProjectPage } from './robot-project-page'

/* The factory project page's "Teste no Strategy Tester" card (decision 0016). */

beforeAll(polyfillRadixSelect)

const projectPath = `/api/tenant/robot-projects/${projectId}`

function renderPage(detail = project()) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/robot-factory': () => Response.json(factoryStatus()),
      [`GET ${projectPath}`]: () => Response.json(detail),
      [`GET ${projectPath}/tester-settings`]: () => Response.json({ profile, thresholds: { maxDrawdownPercent: 30, minProfitFactor: 1.2 }, defaults: true, tester }),
      [`GET ${projectPath}/versions/${firstVersionId}/backtests`]: () => Response.json(list({ ...completedRun, origin: 'factory' })),
    }),
  )
  renderWithProviders(<Navigate to={`/robot-factory/${projectId}`} />, {
    queryData: [signedInOwner('admin')],
    path: '/',
    routes: <Route path="/robot-factory/:id" element={<TenantRobotProjectPage />} />,
  })
  return fetch
}

describe('tenant robot project page: Teste no Strategy Tester', { timeout: 30_000 }, () => {
  it("shows the project's tester settings and the runs of the newest compiled version (not the one being fixed)", async () => {
    const fetch = renderPage()
    const card = await screen.findByRole('region', { name: 'Teste no Strategy Tester' })
    expect(await within(card).findByRole('form', { name: 'Configurações do testador' })).toBeInTheDocument()
    expect(within(card).getByRole('heading', { name: 'Testes da versão 1' })).toBeInTheDocument()
    expect(await within(card).findByText('Recomendado')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', `${projectPath}/versions/${firstVersionId}/backtests`)).toHaveLength(1)
  })

  it('says the test runs once a version compiles, when none has a compiled file yet', async () => {
    const fetch = renderPage(project({ versions: [fixingVersion(), version({ hasCompiledFile: false })] }))
    const card = await screen.findByRole('region', { name: 'Teste no Strategy Tester' })
    expect(within(card).getByText('Nenhuma versão compilada ainda: o teste roda quando a Fábrica compilar a primeira.')).toBeInTheDocument()
    expect(fetch.mock.calls.map((call) => new URL((call[0] as Request).url).pathname).filter((path) => path.endsWith('/backtests'))).toEqual([])
  })
})
