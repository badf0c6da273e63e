import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { generationId, generationSummary, projectId } from '@/features/robot-factory/test-support'
import { TenantRobotGenerationsPage } from './robot-generations-page'

const generationsPath = '/api/tenant/robot-generations'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${generationsPath}`]: () =>
        Response.json(
          page([generationSummary(), generationSummary({ id: 'g2', projectId: null, status: 'failed', version: 2, completedAt: null, compilationAttempts: 4 })]),
        ),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantRobotGenerationsPage />, {
    path: '/robot-generations',
    routes: <Route path="/robot-generations/:id" element={<p>Detalhe da geração</p>} />,
  })
  return fetch
}

afterEach(() => vi.restoreAllMocks())

describe('tenant robot generations page', { timeout: 30_000 }, () => {
  it('lists the generations with status, version, attempts and dates, linking to the detail and the project', async () => {
    renderPage()
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
    const first = (await screen.findByText('Concluída')).closest('tr')!
    expect(first).toHaveTextContent('Tendência M15')
    expect(first).toHaveTextContent('v1')
    expect(within(first).getAllByRole('cell')[3]).toHaveTextContent('2')
    expect(first).toHaveTextContent(/10\/03\/2025 \d\d:04/)
    expect(within(first).getByRole('link', { name: 'Ver detalhes da geração Tendência M15 v1' })).toHaveAttribute('href', `/robot-generations/${generationId}`)
    expect(within(first).getByRole('link', { name: 'Abrir o projeto Tendência M15' })).toHaveAttribute('href', `/robot-factory/${projectId}`)

    const second = screen.getByText('Falhou').closest('tr')!
    expect(second).toHaveTextContent('v2')
    expect(within(second).queryByRole('link', { name: /Abrir o projeto/ })).not.toBeInTheDocument()
    expect(screen.getByText('2 registros')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fábrica de Robôs' })).toHaveAttribute('href', '/robot-factory')
  })

  it('opens a generation', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('link', { name: 'Ver detalhes da geração Tendência M15 v1' }))
    expect(screen.getByText('Detalhe da geração')).toBeInTheDocument()
  })

  it('asks for the next page', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`GET ${generationsPath}`]: () => Response.json(page([generationSummary()], { total: 45 })) })
    await screen.findByText('Concluída')
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Próxima' }))
    await waitFor(() => expect(requestsTo(fetch, 'GET', generationsPath).map((r) => new URL(r.url).searchParams.get('page'))).toContain('2'))
  })

  it('says when there is none yet', async () => {
    renderPage({ [`GET ${generationsPath}`]: () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma geração ainda')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar gerações'", async () => {
    renderPage({ [`GET ${generationsPath}`]: () => errorBody(500, 'Falha interna.') })
    expect(await screen.findByText('Erro ao carregar gerações')).toBeInTheDocument()
  })
})
