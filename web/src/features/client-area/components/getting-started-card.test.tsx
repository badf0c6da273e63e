import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { renderWithProviders } from '@/test/render'
import type { ClientLicenseItem } from '../api/licenses'
import { alphaLicense, betaLicense, gammaLicense } from '../test-support'
import { allTrackedDone, GettingStartedCard, gettingStartedFacts } from './getting-started-card'

const URL_TO_ALLOW = 'https://loja-com-um-nome-bem-comprido-para-quebrar-linha.roboforge.com'

/** Alpha, bound, downloaded and connected: every step the server sees is done. */
const ready: ClientLicenseItem = { ...alphaLicense, lastCheck: { at: new Date().toISOString(), mtAccount: '12345678', valid: true, code: 'OK' } }
/** A new purchase: nothing downloaded, no account, never ran. */
const fresh: ClientLicenseItem = {
  ...alphaLicense,
  lastDownloadedVersion: null,
  accountNumber: null,
  needsAccountConfirmation: true,
  lastCheck: null,
  installationState: null,
}

function renderCard(licenses: ClientLicenseItem[] | undefined, purchaseEmail: string | null = 'carla@ex.com') {
  renderWithProviders(<GettingStartedCard licenses={licenses} webRequestUrl={licenses ? URL_TO_ALLOW : undefined} purchaseEmail={purchaseEmail} />)
  return screen.getByRole('region', { name: 'Primeiros passos' })
}

const stepList = (region: HTMLElement) => within(region).getByRole('list', { name: 'Passos para usar o robô', hidden: true })
const steps = (region: HTMLElement) => within(stepList(region)).getAllByRole('listitem', { hidden: true })
const statuses = (region: HTMLElement) => steps(region).map((step) => step.getAttribute('data-status'))
const toggle = (region: HTMLElement) => within(region).getByRole('button', { name: /passos$/ })

describe('GettingStartedCard (Primeiros passos)', () => {
  it('lists the six steps in order, each a heading with its text', () => {
    const region = renderCard([fresh])
    const titles = within(stepList(region)).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)
    expect(titles).toEqual([
      'Baixe o robô (pendente)',
      'Confirme a conta MT5 aqui no portal (pendente)',
      'Permita o WebRequest (pendente)',
      'Ligue o Algo Trading',
      'Use o MetaTrader 5 no Windows ou numa VPS',
      'Coloque o robô no gráfico e confira a conexão (pendente)',
    ])
    const [download, account, webRequest, algo, platform, connected] = steps(region)
    expect(download).toHaveTextContent('Download')
    expect(download).toHaveTextContent('Arquivo → Abrir Pasta de Dados → MQL5 → Experts')
    expect(within(download).getByRole('link', { name: 'Meus Robôs' })).toHaveAttribute('href', '/robots')
    expect(account).toHaveTextContent('Sem a conta confirmada, o robô não opera.')
    expect(webRequest).toHaveTextContent('Ferramentas → Opções → Expert Advisors')
    expect(webRequest).toHaveTextContent('“Permitir WebRequest para as URLs listadas”')
    expect(algo).toHaveTextContent('o robô só opera com ele ligado')
    expect(algo).toHaveTextContent('“Permitir Algo Trading”')
    expect(platform).toHaveTextContent('MetaTrader 5 para Windows')
    expect(platform).toHaveTextContent('VPS Windows')
    expect(platform).toHaveTextContent('O aplicativo do MetaTrader no celular não roda robôs.')
    expect(connected).toHaveTextContent('“Conectado: conta …”')
  })

  it('shows the exact WebRequest URL, breakable on a phone, and copies it whole', async () => {
    const user = userEvent.setup()
    const region = renderCard([fresh])
    const url = within(region).getByTestId('getting-started-web-request-url')
    expect(url).toHaveTextContent(URL_TO_ALLOW)
    expect(url).toHaveClass('break-all')
    await user.click(within(region).getByRole('button', { name: 'Copiar URL do WebRequest' }))
    expect(await navigator.clipboard.readText()).toBe(URL_TO_ALLOW)
    expect(await screen.findByText('URL copiada para a área de transferência.')).toBeInTheDocument()
  })

  it('a new purchase: nothing ticks, and the account step opens the confirmation dialog', async () => {
    const user = userEvent.setup()
    const region = renderCard([fresh])
    expect(statuses(region)).toEqual(['pending', 'pending', 'pending', 'info', 'info', 'pending'])
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'true')
    expect(region).toHaveTextContent('0 de 4 verificados')
    await user.click(within(region).getByRole('button', { name: 'Confirmar conta MT5 de Robô Alpha' }))
    expect(await screen.findByRole('dialog', { name: 'Confirmar Conta MT5' })).toBeInTheDocument()
  })

  it('ticks each step from the license: downloaded, account confirmed, server reached, connected', () => {
    expect(gettingStartedFacts([fresh])).toEqual({ downloaded: false, accountConfirmed: false, reachedServer: false, connected: false })
    const downloaded = { ...fresh, lastDownloadedVersion: '1.2.0' }
    expect(gettingStartedFacts([downloaded])).toMatchObject({ downloaded: true, accountConfirmed: false })
    const bound = { ...downloaded, accountNumber: '12345678', needsAccountConfirmation: false }
    expect(gettingStartedFacts([bound])).toMatchObject({ downloaded: true, accountConfirmed: true, reachedServer: false })
    // A refused check still proves MetaTrader let the robot reach the server: the WebRequest step is done.
    const refused = { ...bound, lastCheck: { at: '2025-03-11T10:30:00Z', mtAccount: '999', valid: false, code: 'ACCOUNT_MISMATCH' } }
    expect(gettingStartedFacts([refused])).toEqual({ downloaded: true, accountConfirmed: true, reachedServer: true, connected: false })
    expect(allTrackedDone(gettingStartedFacts([refused]))).toBe(false)
    expect(allTrackedDone(gettingStartedFacts([ready]))).toBe(true)
    // An expired license does not hold the steps back while another one can run.
    expect(allTrackedDone(gettingStartedFacts([ready, betaLicense]))).toBe(true)
    // No license at all: nothing is done.
    expect(allTrackedDone(gettingStartedFacts([]))).toBe(false)
  })

  it('half-way: downloaded and confirmed tick, the rest stays pending, no confirm button', () => {
    const region = renderCard([{ ...fresh, lastDownloadedVersion: '1.2.0', accountNumber: '12345678', needsAccountConfirmation: false }])
    expect(statuses(region)).toEqual(['done', 'done', 'pending', 'info', 'info', 'pending'])
    expect(within(steps(region)[0]).getByRole('heading')).toHaveTextContent('Baixe o robô (concluído)')
    expect(region).toHaveTextContent('2 de 4 verificados')
    expect(within(region).queryByRole('button', { name: /Confirmar conta/ })).not.toBeInTheDocument()
  })

  it('while the licenses load nothing ticks and no URL is invented', () => {
    const region = renderCard(undefined)
    expect(statuses(region)).toEqual(['pending', 'pending', 'pending', 'info', 'info', 'pending'])
    expect(within(region).queryByTestId('getting-started-web-request-url')).not.toBeInTheDocument()
    expect(region).not.toHaveTextContent('verificados')
    // Whether the copy asks for an e-mail is not known yet: nothing is said about it.
    expect(within(region).queryByTestId('getting-started-identification')).not.toBeInTheDocument()
    expect(region).not.toHaveTextContent(/e-mail/i)
  })

  it('all done: folded with "Tudo pronto", the live connection named, and opened again from the keyboard', async () => {
    const user = userEvent.setup()
    const region = renderCard([ready])
    expect(region).toHaveTextContent('Tudo pronto: seu robô está conectado.')
    expect(region).toHaveTextContent('4 de 4 verificados')
    expect(toggle(region)).toHaveAccessibleName('Mostrar passos')
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'false')
    expect(stepList(region).closest('[hidden]')).not.toBeNull()
    toggle(region).focus()
    await user.keyboard('{Enter}')
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'true')
    expect(toggle(region)).toHaveAccessibleName('Ocultar passos')
    expect(stepList(region).closest('[hidden]')).toBeNull()
    expect(steps(region)[5]).toHaveTextContent('Agora: Conectado: conta 12345678 · agora.')
    await user.keyboard(' ')
    expect(toggle(region)).toHaveAttribute('aria-expanded', 'false')
  })

  it('a copy that is not personal: fill “E-mail usado na compra” (LicenseEmail) with the purchase e-mail', () => {
    const region = renderCard([fresh])
    expect(within(region).getByTestId('getting-started-identification')).toHaveTextContent(
      'Nos parâmetros do robô, preencha “E-mail usado na compra” (LicenseEmail) com o e-mail da compra: carla@ex.com.',
    )
  })

  it('a personal build: no e-mail to type', () => {
    const region = renderCard([{ ...gammaLicense }])
    const identification = within(region).getByTestId('getting-started-identification')
    expect(identification).toHaveTextContent('Sua cópia do robô já identifica a sua licença: não é preciso digitar nada nos parâmetros.')
    expect(region).not.toHaveTextContent(/e-mail/i)
  })

  it('personal and e-mail copies together: names the robots that ask for the e-mail', () => {
    const region = renderCard([fresh, gammaLicense])
    expect(within(region).getByTestId('getting-started-identification')).toHaveTextContent('Nos parâmetros do robô (Robô Alpha), preencha')
  })

  it('has no axe violations (headings, lists, named controls), open and folded', async () => {
    const region = renderCard([fresh])
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } }
    expect((await axe.run(region, { rules })).violations).toEqual([])
    await userEvent.setup().click(toggle(region))
    expect((await axe.run(region, { rules })).violations).toEqual([])
  })
})
