import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody } from '@/test/api-routes'
import { StoreCatalogPage } from './store-catalog-page'
import { StoreRobotPage } from './store-robot-page'

const branding = { name: 'Loja do João', displayName: 'Robôs do João', logoUrl: '/api/public/files/logos/joao.png' }
const alpha = {
  id: '0190c0de-0000-7000-8000-0000000000a1',
  name: 'Robô Alpha',
  description: 'Tendência no mini índice',
  logoUrl: null,
  price: '497.00',
  checkoutUrl: 'https://pay.hotmart.com/X123',
  hasActiveVersion: true,
}
const beta = { ...alpha, id: '0190c0de-0000-7000-8000-0000000000b2', name: 'Robô Beta', price: null, checkoutUrl: null }

function renderAt(path: string, handlers: Parameters<typeof apiRoutes>[0]) {
  mockFetch(apiRoutes(handlers))
  renderWithProviders(<Navigate to={path} replace />, {
    path: '/',
    routes: (
      <>
        <Route path="/loja" element={<StoreCatalogPage />} />
        <Route path="/loja/:robotId" element={<StoreRobotPage />} />
        <Route path="/login" element={<p>Entrar</p>} />
      </>
    ),
  })
}

describe('storefront', { timeout: 30_000 }, () => {
  it('lists the robots with pt-BR prices, a buy link to the checkout and their details', async () => {
    renderAt('/loja?tenant=joao', { 'GET /api/public/store': () => Response.json({ branding, robots: [alpha, beta] }) })
    const list = await screen.findByRole('list', { name: 'Robôs à venda' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(within(first!).getByRole('heading', { name: 'Robô Alpha' })).toBeInTheDocument()
    expect(within(first!).getByTestId('price')).toHaveTextContent(/^R\$\s497,00$/)
    expect(within(first!).getByRole('link', { name: 'Comprar' })).toHaveAttribute('href', 'https://pay.hotmart.com/X123')
    expect(within(first!).getByRole('link', { name: 'Ver detalhes de Robô Alpha' })).toHaveAttribute('href', `/loja/${alpha.id}?tenant=joao`)
    // Without a link there is no button that leads nowhere.
    expect(within(second!).queryByRole('link', { name: 'Comprar' })).not.toBeInTheDocument()
    expect(within(second!).getByText('Compra indisponível no momento')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Robôs de Robôs do João' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Logo de Robôs do João' })).toHaveAttribute('src', branding.logoUrl)
    expect(screen.getByRole('link', { name: 'Já comprou? Acessar minha área' })).toHaveAttribute('href', '/login?tenant=joao')
  })

  it('says so when nothing is for sale', async () => {
    renderAt('/loja', { 'GET /api/public/store': () => Response.json({ branding, robots: [] }) })
    expect(await screen.findByText('Nenhum robô à venda no momento')).toBeInTheDocument()
  })

  it('shows a robot page: headline, sections, price, buy button in the same tab, backtest-free, and the ways back', async () => {
    const page = {
      branding,
      robot: alpha,
      sections: [
        { type: 'hero', title: 'Opere a tendência com disciplina', subtitle: 'Sem martingale' },
        { type: 'benefits', title: 'Por que comprar', items: ['Stop em toda operação'] },
        { type: 'faq', title: null, items: [{ question: 'Funciona no celular?', answer: 'Não: use Windows ou uma VPS.' }] },
      ],
      advancedHtml: [],
      loadsDll: true,
      backtest: null,
    }
    renderAt(`/loja/${alpha.id}?tenant=joao`, { [`GET /api/public/store/robots/${alpha.id}`]: () => Response.json(page) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Opere a tendência com disciplina' })).toBeInTheDocument()
    expect(screen.getByText('Stop em toda operação')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Perguntas frequentes' })).toBeInTheDocument()
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent(/^R\$\s497,00$/)
    const buy = screen.getAllByRole('link', { name: 'Comprar agora' })[0]!
    expect(buy).toHaveAttribute('href', 'https://pay.hotmart.com/X123')
    expect(buy).not.toHaveAttribute('target')
    expect(screen.getByRole('note')).toHaveTextContent('Este robô carrega uma DLL.')
    expect(screen.getByRole('link', { name: 'Ver todos os robôs' })).toHaveAttribute('href', '/loja?tenant=joao')
    expect(screen.getByRole('link', { name: 'Já comprou? Acessar minha área' })).toHaveAttribute('href', '/login?tenant=joao')
  })

  it("says the page was not found, with the server's words, and leads back to the store", async () => {
    renderAt(`/loja/${alpha.id}`, { [`GET /api/public/store/robots/${alpha.id}`]: () => errorBody(404, 'Página de vendas não encontrada') })
    expect(await screen.findByText('Página de vendas não encontrada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver todos os robôs' })).toHaveAttribute('href', '/loja')
  })
})
