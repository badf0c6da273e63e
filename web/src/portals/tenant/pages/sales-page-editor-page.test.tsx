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

const preview = () => screen.findByRole('region', { name: 'Pré-visualização da página' })

describe('tenant sales page editor', { timeout: 30_000 }, () => {
  it('shows the sections, the sale fields, the whole public URL to open and copy, and the store address', async () => {
    renderPage()
    const hero = await screen.findByRole('region', { name: 'Seção 1: Destaque' })
    expect(within(hero).getByLabelText(/^Título/)).toHaveValue('Robô Alpha')
    expect(screen.getByLabelText('Preço (R$)')).toHaveValue('497,00')
    expect(screen.getByLabelText('Link de compra')).toHaveValue('https://pay.hotmart.com/X123')
    expect(screen.getByRole('switch', { name: 'Publicar na loja' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: 'Mostrar backtest' })).toHaveAttribute('aria-checked', 'true')
    const open = screen.getByRole('link', { name: 'Ver página pública' })
    expect(open).toHaveAttribute('href', salesPage.publicUrl)
    expect(open).toHaveAttribute('target', '_blank')
    expect(screen.getByText(salesPage.publicUrl)).toBeInTheDocument()
    expect(screen.getByText(salesPage.catalogUrl)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar endereço da página' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar endereço da loja' })).toBeInTheDocument()
    expect(screen.getByText('HTML avançado')).toBeInTheDocument()
    // The preview is the public page's component: price in pt-BR and the buy button to the checkout.
    const shown = await preview()
    expect(within(shown).getByRole('heading', { level: 1, name: 'Robô Alpha' })).toBeInTheDocument()
    expect(within(shown).getAllByTestId('price')[0]).toHaveTextContent(/R\$\s497,00/)
    expect(within(shown).getAllByRole('link', { name: 'Comprar agora' })[0]).toHaveAttribute('href', 'https://pay.hotmart.com/X123')
  })

  it('adds a section and the preview follows the form as the owner types', async () => {
    const user = userEvent.setup()
    renderPage()
    await screen.findByRole('region', { name: 'Seção 1: Destaque' })
    await user.click(within(screen.getByRole('group', { name: 'Adicionar seção' })).getByRole('button', { name: 'Benefícios' }))
    const benefits = await screen.findByRole('region', { name: 'Seção 2: Benefícios' })
    await user.type(within(benefits).getByLabelText(/^Benefícios/), 'Stop em toda operação{enter}Sem martingale')
    const shown = await preview()
    expect(within(shown).getByText('Stop em toda operação')).toBeInTheDocument()
    expect(within(shown).getByText('Sem martingale')).toBeInTheDocument()
    const price = screen.getByLabelText('Preço (R$)')
    await user.clear(price)
    await user.type(price, '1297,90')
    expect(within(shown).getAllByTestId('price')[0]).toHaveTextContent(/R\$\s1\.297,90/)
    await user.clear(screen.getByLabelText('Link de compra'))
    expect(within(shown).getAllByText('Compra indisponível no momento')[0]).toBeInTheDocument()
  })

  it('refuses an http:// checkout link before saving, with the message on the field', async () => {
    const user = userEvent.setup()
    const fetch = renderPage()
    const link = await screen.findByLabelText('Link de compra')
    await user.clear(link)
    await user.type(link, 'http://pay.hotmart.com/X123')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Use um endereço https:// válido (até 2.000 caracteres)')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', path)).toHaveLength(0)
  })

  it('saves the whole page and shows the server field errors where they belong', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      [`PATCH ${path}`]: () => errorBody(400, 'Por favor, corrija os campos destacados.', { 'sections.0.title': 'Título deve ter no máximo 120 caracteres' }),
    })
    await screen.findByRole('region', { name: 'Seção 1: Destaque' })
    await user.click(screen.getByRole('switch', { name: 'Mostrar backtest' }))
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar página de vendas')).toBeInTheDocument()
    const hero = screen.getByRole('region', { name: 'Seção 1: Destaque' })
    expect(within(hero).getByText('Título deve ter no máximo 120 caracteres')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', path)
    expect(await request!.json()).toEqual({
      sections: [{ type: 'hero', title: 'Robô Alpha', subtitle: 'Tendência no mini índice' }],
      price: '497.00',
      checkoutUrl: 'https://pay.hotmart.com/X123',
      published: true,
      showBacktest: false,
      htmlSection1: '<p>Resultados consistentes.</p>',
      htmlSection2: '',
      htmlSection3: '',
      htmlSection4: '',
    })
  })

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup()
    const { router } = renderPage()
    await user.type(await screen.findByLabelText('Preço (R$)'), '0')
    await act(() => router.navigate('/robots'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' })
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await act(() => router.navigate('/robots'))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sair sem salvar' }))
    expect(await screen.findByText('Lista de robôs')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar página de vendas' when the page cannot be read", async () => {
    renderPage({ [`GET ${path}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar página de vendas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
