import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { NEAR_LIMIT_WARNING, StorageCard } from './storage-card'

const MB = 1024 * 1024

function renderCard(answer: () => Response | Promise<Response>) {
  mockFetch(apiRoutes({ 'GET /api/tenant/storage': answer }))
  renderWithProviders(<StorageCard />, { path: '/settings' })
}

describe('storage card', { timeout: 30_000 }, () => {
  it('shows the use against the quota as text and as a bar', async () => {
    renderCard(() => Response.json({ usedBytes: 12.5 * MB, files: 1, quotaBytes: 100 * MB }))
    expect(await screen.findByTestId('storage-use')).toHaveTextContent('12,5 MB de 100 MB usados (1 arquivo)')
    const bar = screen.getByRole('progressbar', { name: 'Armazenamento usado' })
    expect(bar).toHaveAttribute('aria-valuenow', '13')
    expect(bar).toHaveAttribute('aria-valuetext', '12,5 MB de 100 MB usados (1 arquivo)')
    expect(screen.queryByText(NEAR_LIMIT_WARNING)).not.toBeInTheDocument()
  })

  it('warns above 90 % of the quota', async () => {
    renderCard(() => Response.json({ usedBytes: 95 * MB, files: 40, quotaBytes: 100 * MB }))
    expect(await screen.findByText(NEAR_LIMIT_WARNING)).toBeInTheDocument()
    expect(NEAR_LIMIT_WARNING).toBe('Você está perto do limite de armazenamento. Remova versões antigas ou fale com o administrador da plataforma.')
  })

  it('does not warn at exactly 90 %', async () => {
    renderCard(() => Response.json({ usedBytes: 90 * MB, files: 40, quotaBytes: 100 * MB }))
    expect(await screen.findByTestId('storage-use')).toHaveTextContent('90 MB de 100 MB usados (40 arquivos)')
    expect(screen.queryByText(NEAR_LIMIT_WARNING)).not.toBeInTheDocument()
  })

  it('shows a skeleton while loading, then the error with a retry', async () => {
    let fail = true
    let answer: (response: Response) => void = () => {}
    renderCard(() => (fail ? new Promise<Response>((resolve) => (answer = resolve)) : Response.json({ usedBytes: 0, files: 0, quotaBytes: 100 * MB })))
    expect(await screen.findByLabelText('Carregando armazenamento')).toBeInTheDocument()
    answer(errorBody(503, 'Servidor ocupado, tente novamente.'))
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByTestId('storage-use')).toHaveTextContent('0 MB de 100 MB usados (0 arquivos)')
  })
})
