import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { alpha, salesPage } from '@/features/tenant-catalog/test-support'
import { TenantSalesPageEditorPage } from './sales-page-editor-page'

const path = `/api/tenant/robots/${alpha.id}/sales-page`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${path}`]: () => Response.json(salesPage), ...handlers }))
  const { router } = renderWithProviders(<Navigate to={`/robots/${alpha.id}/sales-page`} />, {
    path: '/',
    routes: (
      <>
        <Route path="/robots/:id/sales-page" element={<TenantSalesPageEditorPage />} />
        <Route path="/robots" element={<p>Lista de robôs</p>} />
      </>
    ),
  })
  return Object.assign(fetch, { router })
}

const section = (n: number) => screen.findByRole('region', { name: `Seção ${n}` })

describe('tenant sales page editor', { timeout: 30_000 }, () => {
  it('shows the four sections with their HTML, the public page link, the sanitizing note and a way back', async () => {
    renderPage()
    expect(within(await section(1)).getByLabelText('HTML da Seção 1')).toHaveValue('<h1>Robô Alpha</h1>')
    expect(within(await section(2)).getByLabelText('HTML da Seção 2')).toHaveValue('<p>Resultados consistentes.</p>')
    expect(within(await section(3)).getByLabelText('HTML da Seção 3')).toHaveValue('')
    expect(within(await section(4)).getByLabelText('HTML da Seção 4')).toHaveValue('')
    expect(screen.getByRole('heading', { level: 1, name: 'Página de Vendas' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver página pública' })).toHaveAttribute('href', salesPage.publicPath)
    expect(screen.getByRole('link', { name: 'Ver página pública' })).toHaveAttribute('target', '_blank')
    expect(screen.getByText(/scripts, estilos, atributos de evento \(como onclick\) e links javascript: são removidos/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para robôs' })).toHaveAttribute('href', '/robots')
  })

  it('previews the stored HTML in a sandboxed iframe, and goes back to editing', async () => {
    const user = userEvent.setup()
    renderPage()
    const first = await section(1)
    await user.click(within(first).getByRole('button', { name: 'Visualizar' }))
    const frame = within(first).getByTitle('Pré-visualização da Seção 1')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame).toHaveAttribute('srcdoc', '<h1>Robô Alpha</h1>')
    expect(within(first).queryByLabelText('HTML da Seção 1')).not.toBeInTheDocument()
    // Nothing of the section is put in the app's own page.
    expect(screen.queryByRole('heading', { name: 'Robô Alpha' })).not.toBeInTheDocument()
    await user.click(within(first).getByRole('button', { name: 'Editar' }))
    expect(within(first).getByLabelText('HTML da Seção 1')).toHaveValue('<h1>Robô Alpha</h1>')
  })

  it('asks before leaving with unsaved sections, and leaves when told to', async () => {
    const user = userEvent.setup()
    const { router } = renderPage()
    await user.type(within(await section(3)).getByLabelText('HTML da Seção 3'), '<p>nova</p>')
    await act(() => router.navigate('/robots'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' })
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(within(await section(3)).getByLabelText('HTML da Seção 3')).toHaveValue('<p>nova</p>')

    await act(() => router.navigate('/robots'))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sair sem salvar' }))
    expect(await screen.findByText('Lista de robôs')).toBeInTheDocument()
  })

  it('says the preview is of the saved version while there are unsaved changes', async () => {
    const user = userEvent.setup()
    renderPage()
    const second = await section(2)
    await user.type(within(second).getByLabelText('HTML da Seção 2'), '<p>mais</p>')
    await user.click(within(second).getByRole('button', { name: 'Visualizar' }))
    expect(within(second).getByText('Alterações não salvas: a pré-visualização mostra a versão salva.')).toBeInTheDocument()
  })

  it('saves all four sections and shows what the server kept', async () => {
    const user = userEvent.setup()
    const stored = { ...salesPage, htmlSection3: '<p>Garantia de 7 dias.</p>', updatedAt: '2025-04-01T12:00:00Z' }
    const fetch = renderPage({ [`PATCH ${path}`]: () => Response.json(stored) })
    const third = await section(3)
    await user.type(within(third).getByLabelText('HTML da Seção 3'), '<p onclick="x()">Garantia de 7 dias.</p>')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Página de vendas salva')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', path)
    expect(await request!.json()).toEqual({
      htmlSection1: '<h1>Robô Alpha</h1>',
      htmlSection2: '<p>Resultados consistentes.</p>',
      htmlSection3: '<p onclick="x()">Garantia de 7 dias.</p>',
      htmlSection4: '',
    })
    expect(within(third).getByLabelText('HTML da Seção 3')).toHaveValue('<p>Garantia de 7 dias.</p>')
    expect(screen.getByText(/^Atualizada em 01\/04\/2025/)).toBeInTheDocument()
  })

  it("titles a failed save 'Erro ao atualizar página de vendas' and puts field errors on the section", async () => {
    const user = userEvent.setup()
    renderPage({
      [`PATCH ${path}`]: () => errorBody(400, 'Dados inválidos', { htmlSection2: 'Seção longa demais (máximo 100.000 caracteres)' }),
    })
    await section(1)
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar página de vendas')).toBeInTheDocument()
    expect(within(await section(2)).getByText('Seção longa demais (máximo 100.000 caracteres)')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar página de vendas' when the page cannot be read", async () => {
    renderPage({ [`GET ${path}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar página de vendas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
