import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { dashboard } from '@/features/client-area/test-support'
import { ClientLessonsPage } from './lessons-page'

function renderWith(answer: () => Response) {
  mockFetch(apiRoutes({ 'GET /api/client/dashboard': answer }))
  renderWithProviders(<ClientLessonsPage />, { path: '/lessons' })
}

describe('client lessons page (Área de Ensino)', () => {
  it("opens the tenant's training link in a new tab", async () => {
    renderWith(() => Response.json(dashboard))
    expect(screen.getByRole('heading', { level: 1, name: 'Área de Ensino' })).toBeInTheDocument()
    expect(document.title).toMatch(/^Área de Ensino \| /)
    const link = await screen.findByRole('link', { name: 'Acessar Área de Ensino' })
    expect(link).toHaveAttribute('href', 'https://ensino.loja.com/aulas')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('says when no training material is configured', async () => {
    renderWith(() => Response.json({ ...dashboard, lessonsUrl: null }))
    expect(await screen.findByText('Nenhum material de treinamento configurado')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Acessar Área de Ensino' })).not.toBeInTheDocument()
  })

  it('never links to a non-web address', async () => {
    renderWith(() => Response.json({ ...dashboard, lessonsUrl: 'javascript:alert(1)' }))
    expect(await screen.findByText('Nenhum material de treinamento configurado')).toBeInTheDocument()
  })

  it('shows the load failure with a retry', async () => {
    renderWith(() => errorBody(500, 'Falha interna'))
    expect(await screen.findByText('Erro ao carregar área de ensino')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
