import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, requestsTo } from '@/test/api-routes'
import { polyfillRadixSelect } from '@/test/select'
import { activeVersion, alpha, alphaLicenseSettings, alphaSeatPolicy, alphaVersions, olderVersion } from '@/features/tenant-catalog/test-support'
import { completedRun, list, queuedRun } from '@/features/backtests/test-support'
import { TenantRobotVersionsPage } from './robot-versions-page'

/*
 * The robot versions page's backtests (decision 0016): each .ex5 row's "Backtest" opens the version's runs in a
 * dialog; the row shows its newest run's status.
 */

beforeAll(polyfillRadixSelect)

const base = `/api/tenant/robots/${alpha.id}`
const runsOf = (versionId: string) => `${base}/versions/${versionId}/backtests`
const ex5Older = { ...olderVersion, originalFileName: 'alpha-1.0.0.ex5' }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${base}/versions`]: () => Response.json({ ...alphaVersions(), versions: [{ ...activeVersion, latestBacktest: completedRun }, olderVersion] }),
      [`GET ${base}/license`]: () => Response.json(alphaLicenseSettings),
      [`GET ${base}/seat-policy`]: () => Response.json(alphaSeatPolicy),
      [`GET ${base}/shared-build-clients`]: () => Response.json({ items: [] }),
      [`GET ${runsOf(activeVersion.id)}`]: () => Response.json(list(completedRun)),
      ...handlers,
    }),
  )
  renderWithProviders(<Navigate to={`/robots/${alpha.id}/versions`} />, {
    queryData: [signedInOwner(role)],
    path: '/',
    routes: <Route path="/robots/:robotId/versions" element={<TenantRobotVersionsPage />} />,
  })
  return fetch
}

const rowOf = async (version: string) => (await screen.findByText(version, { selector: 'td div' })).closest('tr')!

describe('tenant robot versions page: backtests', { timeout: 30_000 }, () => {
  it("marks each version's newest run and offers 'Backtest' on .ex5 versions only", async () => {
    renderPage()
    const active = await rowOf('1.2.0')
    expect(within(active).getByText('Backtest:')).toBeInTheDocument()
    expect(within(active).getByText('Concluído')).toBeInTheDocument()
    expect(within(active).getByRole('button', { name: 'Backtest da versão 1.2.0' })).toBeInTheDocument()
    // A .zip cannot be tested.
    const older = await rowOf('1.0.0')
    expect(within(older).queryByText('Backtest:')).not.toBeInTheDocument()
    expect(within(older).queryByRole('button', { name: 'Backtest da versão 1.0.0' })).not.toBeInTheDocument()
  })

  it("opens the version's runs in a dialog, and refreshes the list when it closes", async () => {
    const fetch = renderPage({
      [`GET ${base}/versions`]: () => Response.json({ ...alphaVersions(), versions: [activeVersion, ex5Older] }),
      [`GET ${runsOf(ex5Older.id)}`]: () => Response.json(list(queuedRun)),
    })
    await userEvent.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Backtest da versão 1.0.0' }))
    const dialog = await screen.findByRole('dialog', { name: 'Backtest da versão 1.0.0' })
    expect(within(dialog).getByText(/A página de vendas só mostra testes da versão ativa/)).toBeInTheDocument()
    expect(await within(dialog).findByText('Na fila')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', runsOf(ex5Older.id))).toHaveLength(1)
    expect(requestsTo(fetch, 'GET', runsOf(activeVersion.id))).toHaveLength(0)

    const before = requestsTo(fetch, 'GET', `${base}/versions`).length
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(requestsTo(fetch, 'GET', `${base}/versions`).length).toBeGreaterThan(before))
  })

  it('lets a role without ManageRobots read the runs, not start one', async () => {
    renderPage({}, 'support')
    await userEvent.click(within(await rowOf('1.2.0')).getByRole('button', { name: 'Backtest da versão 1.2.0' }))
    const dialog = await screen.findByRole('dialog', { name: 'Backtest da versão 1.2.0' })
    expect(await within(dialog).findByText('Recomendado')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Executar backtest' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('switch', { name: 'Mostrar na página de vendas' })).toBeDisabled()
  })
})
