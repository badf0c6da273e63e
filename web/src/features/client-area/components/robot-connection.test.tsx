import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '@/test/render'
import type { ConnectionFacts } from '../connection'
import { RobotConnection } from './robot-connection'

const URL_TO_ALLOW = 'https://loja-com-um-nome-bem-comprido-para-quebrar-linha.roboforge.com'

function renderConnection(license: ConnectionFacts, purchaseEmail: string | null = 'carla@ex.com') {
  renderWithProviders(<RobotConnection license={license} robotName="Robô Alpha" webRequestUrl={URL_TO_ALLOW} purchaseEmail={purchaseEmail} />)
  return screen.getByRole('region', { name: 'Conexão de Robô Alpha com o MetaTrader 5' })
}

const toggle = (region: HTMLElement) => within(region).getByRole('button', { name: 'Como conectar no MetaTrader 5' })

afterEach(() => {
  vi.useRealTimers()
})

describe('RobotConnection (a robot card’s connection to the license server)', () => {
  it('before any check: "Ainda não conectado", with the URL and the three steps open', () => {
    const region = renderConnection({ lastCheck: null, personalBuild: false })
    expect(within(region).getByTestId('connection-state')).toHaveTextContent('Ainda não conectado')
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'true')
    expect(within(region).getByTestId('card-web-request-url')).toHaveTextContent(URL_TO_ALLOW)
    expect(within(region).getByTestId('card-web-request-url')).toHaveClass('break-all')
    const steps = within(within(region).getByRole('list', { name: 'Liberar a URL no MetaTrader 5' })).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      'No MetaTrader 5, abra Ferramentas → Opções → Expert Advisors.',
      'Marque “Permitir WebRequest para as URLs listadas”.',
      'Adicione a URL acima e clique em OK.',
    ])
  })

  it('copies the URL with its button', async () => {
    const user = userEvent.setup()
    const region = renderConnection({ lastCheck: null })
    await user.click(within(region).getByRole('button', { name: 'Copiar URL do WebRequest de Robô Alpha' }))
    expect(await navigator.clipboard.readText()).toBe(URL_TO_ALLOW)
    expect(await screen.findByText('URL copiada para a área de transferência.')).toBeInTheDocument()
  })

  it('connected: "Conectado: conta 123 · há 2 min", the steps folded away and opened from the keyboard', async () => {
    const user = userEvent.setup()
    const at = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString()
    const region = renderConnection({ lastCheck: { at, mtAccount: '123', valid: true, code: 'OK' }, accountNumber: '123' })
    expect(within(region).getByTestId('connection-state')).toHaveTextContent('Conectado: conta 123 · há 2 min')
    expect(within(region).getByTestId('connection-state')).toHaveAttribute('data-state', 'connected')

    const button = toggle(region)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(within(region).queryByRole('list')).not.toBeInTheDocument()
    expect(screen.getByText(URL_TO_ALLOW)).not.toBeVisible()

    button.focus()
    await user.keyboard('{Enter}')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(panel).toBeVisible()
    expect(within(panel).getByRole('list', { name: 'Liberar a URL no MetaTrader 5' })).toBeInTheDocument()
    await user.keyboard(' ')
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('moves the relative time on by itself every 30 seconds', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T12:00:00Z') })
    const region = renderConnection({ lastCheck: { at: '2026-11-28T11:59:40Z', mtAccount: '123', valid: true, code: 'OK' } })
    const state = within(region).getByTestId('connection-state')
    expect(state).toHaveTextContent('Conectado: conta 123 · agora')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(state).toHaveTextContent('Conectado: conta 123 · agora')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(state).toHaveTextContent('Conectado: conta 123 · há 1 min')
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000))
    expect(state).toHaveTextContent('Conectado: conta 123 · há 1 h')
  })

  it('refused: what to do, which account asked and when, and the steps open', () => {
    const at = new Date(Date.now() - 10 * 60_000).toISOString()
    const region = renderConnection({ lastCheck: { at, mtAccount: '5550001', valid: false, code: 'NOT_RECOGNIZED' }, personalBuild: false })
    const state = within(region).getByTestId('connection-state')
    expect(state).toHaveAttribute('data-state', 'refused')
    expect(state).toHaveTextContent('Última verificação recusada: confira o e-mail da compra no robô e confirme a conta nesta página')
    expect(state).toHaveTextContent('Conta 5550001 · há 10 min')
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'true')
  })

  it('a robot that is not a personal build: type the purchase e-mail in its LicenseEmail input', () => {
    const region = renderConnection({ lastCheck: null, personalBuild: false })
    expect(within(region).getByTestId('license-identification')).toHaveTextContent(
      'Ao colocar o robô no gráfico, preencha o campo LicenseEmail com o e-mail da compra: carla@ex.com.',
    )
  })

  it('without the session’s e-mail, still names the purchase e-mail (an old server: no personalBuild field)', () => {
    const region = renderConnection({ lastCheck: null }, null)
    expect(within(region).getByTestId('license-identification')).toHaveTextContent(
      'Ao colocar o robô no gráfico, preencha o campo LicenseEmail com o e-mail da compra.',
    )
  })

  it('a personal build: no e-mail to type, only the confirmed account and the URL', () => {
    const region = renderConnection({ lastCheck: null, personalBuild: true })
    const text = within(region).getByTestId('license-identification')
    expect(text).toHaveTextContent('Esta é a sua cópia pessoal: ela já identifica a sua licença.')
    expect(region).not.toHaveTextContent(/preencha|e-mail da compra|carla@ex\.com/)
    expect(within(region).getByTestId('card-web-request-url')).toHaveTextContent(URL_TO_ALLOW)
  })
})
