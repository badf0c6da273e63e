import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, requestsTo } from '@/test/api-routes'
import { authKeys } from '@/lib/query-keys/auth'
import { clientLicensesQuery, LICENSES_REFRESH_MS, type ClientLicenseItem } from '@/features/client-area/api/licenses'
import { alphaLicense, betaLicense, gammaLicense, licenses, session } from '@/features/client-area/test-support'
import { ClientRobotsPage } from './robots-page'

const LIST = '/api/client/licenses'

function renderPage(answer: () => ClientLicenseItem[] = () => [alphaLicense, betaLicense, gammaLicense]) {
  const fetch = mockFetch(apiRoutes({ [`GET ${LIST}`]: () => Response.json(licenses(answer())) }))
  renderWithProviders(<ClientRobotsPage />, { path: '/robots', queryData: [[authKeys.session('client'), session]] })
  return fetch
}

const card = (robot: string) => screen.findByRole('article', { name: robot })
const connectionOf = async (robot: string) => within(await card(robot)).getByRole('region', { name: `Conexão de ${robot} com o MetaTrader 5` })

afterEach(() => {
  vi.useRealTimers()
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
})

describe('Meus Robôs: each robot’s connection, live', { timeout: 20_000 }, () => {
  it('asks for the list again every 30 s while the page is visible, and never from a hidden tab', () => {
    const options = clientLicensesQuery()
    expect(options.refetchInterval).toBe(LICENSES_REFRESH_MS)
    expect(LICENSES_REFRESH_MS).toBe(30_000)
    expect(options.refetchIntervalInBackground).toBe(false)
  })

  it('shows the state of every robot and the URL with the steps on each card', async () => {
    renderPage()
    const alpha = await connectionOf('Robô Alpha')
    expect(within(alpha).getByTestId('connection-state')).toHaveTextContent(/^Conectado: conta 12345678 · há \d+ dias$/)
    const beta = await connectionOf('Robô Beta')
    expect(within(beta).getByTestId('connection-state')).toHaveTextContent(
      'Última verificação recusada: a licença expirou; renove a compra ou fale com o vendedor',
    )
    const gamma = await connectionOf('Robô Gama')
    expect(within(gamma).getByTestId('connection-state')).toHaveTextContent('Ainda não conectado')
    expect(within(gamma).getByTestId('card-web-request-url')).toHaveTextContent('https://loja.roboforge.com')
    expect(within(gamma).getByRole('list', { name: 'Liberar a URL no MetaTrader 5' })).toHaveTextContent('Ferramentas → Opções → Expert Advisors')
  })

  it('asks for the purchase e-mail (the signed-in client’s) only where the robot is not a personal build', async () => {
    renderPage()
    const beta = await connectionOf('Robô Beta')
    expect(within(beta).getByTestId('license-identification')).toHaveTextContent('preencha o campo LicenseEmail com o e-mail da compra: carla@ex.com.')
    const gamma = await connectionOf('Robô Gama')
    expect(within(gamma).getByTestId('license-identification')).toHaveTextContent('Esta é a sua cópia pessoal')
    expect(await card('Robô Gama')).not.toHaveTextContent(/e-mail da compra|carla@ex\.com/)
    // The page's own instructions no longer tell every buyer to type an e-mail.
    expect(screen.getByRole('region', { name: 'Como instalar' })).not.toHaveTextContent(/e-mail/)
  })

  it('turns "Ainda não conectado" into "Conectado: conta … · agora" when the robot checks in, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let checkedAt: string | null = null
    const fetch = renderPage(() => [{ ...gammaLicense, lastCheck: checkedAt ? { at: checkedAt, mtAccount: '87654321', valid: true, code: 'OK' } : null }])
    const gamma = await connectionOf('Robô Gama')
    expect(within(gamma).getByTestId('connection-state')).toHaveTextContent('Ainda não conectado')
    expect(requestsTo(fetch, 'GET', LIST)).toHaveLength(1)

    checkedAt = new Date().toISOString()
    await act(() => vi.advanceTimersByTimeAsync(LICENSES_REFRESH_MS))
    expect(requestsTo(fetch, 'GET', LIST)).toHaveLength(2)
    expect(within(await connectionOf('Robô Gama')).getByTestId('connection-state')).toHaveTextContent('Conectado: conta 87654321 · agora')
  })

  it('asks nothing while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetch = renderPage()
    await connectionOf('Robô Alpha')
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    await act(() => vi.advanceTimersByTimeAsync(3 * LICENSES_REFRESH_MS))
    expect(requestsTo(fetch, 'GET', LIST)).toHaveLength(1)
  })
})
