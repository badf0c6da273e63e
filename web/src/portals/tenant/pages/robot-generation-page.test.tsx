import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { generation, generationId, projectId } from '@/features/robot-factory/test-support'
import { TenantRobotGenerationPage } from './robot-generation-page'

const generationPath = `/api/tenant/robot-generations/${generationId}`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${generationPath}`]: () => Response.json(generation()), ...handlers }))
  renderWithProviders(<Navigate to={`/robot-generations/${generationId}`} />, {
    path: '/',
    routes: (
      <>
        <Route path="/robot-generations/:id" element={<TenantRobotGenerationPage />} />
        <Route path="/robot-generations" element={<p>Lista de gerações</p>} />
      </>
    ),
  })
  return fetch
}

afterEach(() => vi.restoreAllMocks())

describe('tenant robot generation page', { timeout: 30_000 }, () => {
  it('shows status, prompt, version, dates, attempts and review notes, with the way back and to the project', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Tendência M15' })).toBeInTheDocument()
    expect(screen.getByText('Versão 1')).toBeInTheDocument()
    expect(screen.getByText('Concluída')).toBeInTheDocument()
    expect(screen.getByText('Cruzamento de médias no M15 com filtro de spread.')).toBeInTheDocument()
    expect(screen.getByText('Tentativas de compilação').nextSibling).toHaveTextContent('2')
    expect(screen.getByText(/^10\/03\/2025 \d\d:00$/)).toBeInTheDocument()
    expect(screen.getByText(/^10\/03\/2025 \d\d:04$/)).toBeInTheDocument()
    expect(screen.getByText('Código revisado: sem problemas.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para gerações' })).toHaveAttribute('href', '/robot-generations')
    expect(screen.getByRole('link', { name: 'Abrir projeto' })).toHaveAttribute('href', `/robot-factory/${projectId}`)
  })

  it('previews the first 1000 characters of the source, with Mostrar tudo / Mostrar menos', async () => {
    const user = userEvent.setup()
    const source = generation().sourceCode!
    expect(source.length).toBeGreaterThan(1000)
    renderPage()
    const code = await screen.findByTestId('source-code')
    expect(code.textContent).toBe(`${source.slice(0, 1000)}…`)
    const toggle = screen.getByRole('button', { name: 'Mostrar tudo' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(code.textContent).toBe(source)
    expect(screen.getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'Mostrar menos' }))
    expect(code.textContent).toBe(`${source.slice(0, 1000)}…`)
  })

  it('shows a short source whole, without a toggle', async () => {
    renderPage({ [`GET ${generationPath}`]: () => Response.json(generation({ sourceCode: 'int OnInit() { return(0); }', status: 'generating', completedAt: null })) })
    expect(await screen.findByTestId('source-code')).toHaveTextContent('int OnInit() { return(0); }')
    expect(screen.queryByRole('button', { name: 'Mostrar tudo' })).not.toBeInTheDocument()
    expect(screen.getByText('Gerando')).toBeInTheDocument()
  })

  it('says when no code was generated yet', async () => {
    renderPage({ [`GET ${generationPath}`]: () => Response.json(generation({ sourceCode: null, reviewNotes: null })) })
    expect(await screen.findByText('Nenhum código gerado ainda.')).toBeInTheDocument()
    expect(screen.getByText('Sem notas de revisão.')).toBeInTheDocument()
  })

  it("says 'Geração não encontrada' with the way back for an unknown generation", async () => {
    const user = userEvent.setup()
    renderPage({ [`GET ${generationPath}`]: () => errorBody(404, 'Geração não encontrada') })
    expect(await screen.findByText('Geração não encontrada')).toBeInTheDocument()
    const backs = screen.getAllByRole('link', { name: 'Voltar para gerações' })
    await user.click(backs[backs.length - 1]!)
    expect(screen.getByText('Lista de gerações')).toBeInTheDocument()
  })
})
