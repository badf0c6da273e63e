import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, page } from '@/test/api-routes'
import { factoryStatus, projectId, projectSummary, projectsPage } from '@/features/robot-factory/test-support'
import { TenantRobotFactoryPage } from './robot-factory-page'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/robot-factory': () => Response.json(factoryStatus()),
      'GET /api/tenant/robot-projects': () => Response.json(projectsPage()),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantRobotFactoryPage />, {
    queryData: [signedInOwner(role)],
    path: '/robot-factory',
    routes: (
      <>
        <Route path="/robot-factory/new" element={<p>Assistente</p>} />
        <Route path="/robot-factory/:id" element={<p>Página do projeto</p>} />
      </>
    ),
  })
  return fetch
}

afterEach(() => vi.restoreAllMocks())

describe('tenant robot factory page', { timeout: 30_000 }, () => {
  it('shows skeletons, then a card per project with status, versions and the latest version', async () => {
    renderPage({
      'GET /api/tenant/robot-projects': () =>
        Response.json(projectsPage([projectSummary(), projectSummary({ id: 'p2', name: 'Scalper M5', status: 'published', description: null, versionCount: 1, latestVersion: null })])),
    })
    expect(screen.getAllByTestId('project-skeleton').length).toBeGreaterThan(0)
    const cards = within(await screen.findByRole('list', { name: 'Projetos' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveTextContent('Tendência M15')
    expect(cards[0]).toHaveTextContent('Pronto para Publicar')
    expect(cards[0]).toHaveTextContent('2 versões')
    expect(cards[0]).toHaveTextContent('Última: v2')
    expect(cards[0]).toHaveTextContent('Corrigindo')
    expect(cards[1]).toHaveTextContent('Publicado')
    expect(cards[1]).toHaveTextContent('1 versão')
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/robot-factory/${projectId}`)
    expect(await screen.findByText('3 de 10 gerações usadas este mês')).toBeInTheDocument()
  })

  it('opens a project from its card', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('link', { name: /Tendência M15/ }))
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/robot-factory/${projectId}`)
  })

  it('Novo Projeto opens the wizard; Gerações the history', async () => {
    const user = userEvent.setup()
    renderPage()
    expect(screen.getByRole('link', { name: 'Gerações' })).toHaveAttribute('href', '/robot-generations')
    await user.click(screen.getByRole('link', { name: 'Novo Projeto' }))
    expect(screen.getByText('Assistente')).toBeInTheDocument()
  })

  it('invites to the first project when there is none', async () => {
    renderPage({ 'GET /api/tenant/robot-projects': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhum projeto ainda')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Criar primeiro projeto' })).toHaveAttribute('href', '/robot-factory/new')
  })

  it('says when the factory has no model configured', async () => {
    renderPage({ 'GET /api/tenant/robot-factory': () => Response.json(factoryStatus({ configured: false, model: null })) })
    expect(
      await screen.findByText('A Fábrica de Robôs ainda não está disponível: nenhum modelo de IA foi configurado pela plataforma.'),
    ).toBeInTheDocument()
  })

  it("says 'Erro ao carregar projetos' with a retry", async () => {
    renderPage({ 'GET /api/tenant/robot-projects': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar projetos')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('shows a Suporte owner the projects and the history, without starting a project', async () => {
    renderPage({}, 'support')
    expect(await screen.findByRole('link', { name: /Tendência M15/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Gerações' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Novo Projeto' })).not.toBeInTheDocument()
  })

  it('tells a Suporte owner with no project where projects come from', async () => {
    renderPage({ 'GET /api/tenant/robot-projects': () => Response.json(page([])) }, 'support')
    expect(await screen.findByText('Os projetos que um administrador criar aparecem aqui.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Criar primeiro projeto' })).not.toBeInTheDocument()
  })
})
