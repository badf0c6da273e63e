import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { alpha, alphaLicenseSettings } from '../../test-support'
import { LicenseSettingsCard } from './license-settings-card'

const path = `/api/tenant/robots/${alpha.id}/license`

function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${path}`]: () => Response.json(alphaLicenseSettings), ...handlers }))
  renderWithProviders(<LicenseSettingsCard robotId={alpha.id} />, { path: `/robots/${alpha.id}/versions` })
  return fetch
}

const form = () => screen.getByRole('form', { name: 'Configurações de licença' })
const graceInput = () => within(form()).getByLabelText(/^Tolerância sem servidor/)

beforeAll(polyfillRadixSelect)

describe('robot license settings card', { timeout: 20_000 }, () => {
  it('loads the public key, the grace in hours and the binding policy', async () => {
    renderCard()
    expect(screen.getByLabelText('Carregando licença')).toBeInTheDocument()
    expect(await screen.findByTestId('robot-public-key')).toHaveTextContent(alphaLicenseSettings.publicKey)
    expect(screen.getByTestId('robot-public-key')).toHaveClass('font-mono')
    expect(graceInput()).toHaveValue(72)
    expect(graceInput()).toHaveAccessibleDescription(expect.stringContaining('Por quanto tempo o robô continua operando'))
    expect(within(form()).getByLabelText('Vínculo da conta MT5')).toHaveTextContent('Confirmada pelo cliente no portal (recomendado)')
    expect(screen.queryByText(/tomar para si uma licença/)).not.toBeInTheDocument()
    // The active version is v2: no warning, even though an older version is v1.
    expect(screen.queryByText('Verificação de licença antiga')).not.toBeInTheDocument()
  })

  it("copies the public key with 'Copiado!'", async () => {
    const user = userEvent.setup()
    renderCard()
    await user.click(await screen.findByRole('button', { name: 'Copiar chave pública' }))
    expect(await navigator.clipboard.readText()).toBe(alphaLicenseSettings.publicKey)
    expect(await screen.findByText('Copiado!')).toBeInTheDocument()
  })

  it('explains a missing key (the robot was never built)', async () => {
    renderCard({ [`GET ${path}`]: () => Response.json({ ...alphaLicenseSettings, publicKey: null, v1Versions: [] }) })
    expect(await screen.findByText(/a chave é gerada na primeira compilação/)).toBeInTheDocument()
    expect(screen.getByText('—')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copiar chave pública' })).not.toBeInTheDocument()
  })

  it('saves the grace in seconds and the policy, warning about first use, then toasts', async () => {
    const user = userEvent.setup()
    let saved = alphaLicenseSettings
    const fetch = renderCard({
      [`PATCH ${path}`]: async (request) => {
        saved = { ...saved, ...((await request.clone().json()) as object) }
        return Response.json(saved)
      },
    })
    await screen.findByTestId('robot-public-key')
    await user.clear(graceInput())
    await user.type(graceInput(), '1.5')
    await choose('Vínculo da conta MT5', /^Primeiro uso/, form())
    expect(await within(form()).findByText(/Quem souber o e-mail de um comprador pode tomar para si uma licença/)).toBeInTheDocument()
    expect(within(form()).getByText(/continua até o fim do período já pago/)).toBeInTheDocument()
    await choose('Assinatura com pagamento atrasado', /^Suspender a licença/, form())
    expect(await within(form()).findByText(/volta sozinho quando a cobrança é paga/)).toBeInTheDocument()
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Configurações de licença salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', path)
    expect(await request!.json()).toEqual({ offlineGraceSeconds: 5400, bindingPolicy: 'first_use', latePayment: 'suspend' })
    expect(graceInput()).toHaveValue(1.5)
  })

  it('accepts 0 hours (stop as soon as the server is unreachable) and refuses more than 720 before sending', async () => {
    const user = userEvent.setup()
    const fetch = renderCard({ [`PATCH ${path}`]: () => Response.json({ ...alphaLicenseSettings, offlineGraceSeconds: 0 }) })
    await screen.findByTestId('robot-public-key')
    await user.clear(graceInput())
    await user.type(graceInput(), '721')
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await within(form()).findByText('No máximo 720 horas (30 dias)')).toBeInTheDocument()
    await user.clear(graceInput())
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await within(form()).findByText('Informe as horas (0 a 720)')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', path)).toHaveLength(0)

    await user.type(graceInput(), '0')
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Configurações de licença salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', path)
    expect(await request!.json()).toEqual({ offlineGraceSeconds: 0, bindingPolicy: 'portal', latePayment: 'keep' })
  })

  it("puts the server's field errors on the fields (seconds on the hours input)", async () => {
    const user = userEvent.setup()
    const grace = 'O período de tolerância deve ficar entre 0 e 30 dias (0 a 2592000 segundos).'
    const policy = 'Política de vínculo inválida: use "first_use" (primeiro uso) ou "portal".'
    renderCard({ [`PATCH ${path}`]: () => errorBody(400, 'Dados inválidos', { offlineGraceSeconds: grace, bindingPolicy: policy }) })
    await screen.findByTestId('robot-public-key')
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao salvar configurações de licença')).toBeInTheDocument()
    expect(within(form()).getByText(grace)).toBeInTheDocument()
    expect(graceInput()).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(graceInput()).toHaveFocus())
    expect(within(form()).getByText(policy)).toBeInTheDocument()
    expect(within(form()).getByLabelText('Vínculo da conta MT5')).toHaveAttribute('aria-invalid', 'true')
  })

  it('warns while the active version carries the v1 check, listing those versions, with a way to import again', async () => {
    renderCard({ [`GET ${path}`]: () => Response.json({ ...alphaLicenseSettings, v1Versions: ['1.0.0', '1.1.0'], activeVersionUsesV1: true }) })
    expect(
      await screen.findByText(
        'A versão ativa usa a verificação de licença antiga (v1), cuja chave viaja dentro do robô. Recompile-a (a partir do .mq5 importado) ou importe o .mq5 de novo para gerar uma versão com assinatura por chave pública.',
      ),
    ).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Versões com a verificação antiga:' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.0.0', '1.1.0'])
    expect(screen.getByRole('link', { name: 'Importar .mq5' })).toHaveAttribute('href', '/robots/import')
  })

  it('rebuilds the active version in one click, and says why when it cannot', async () => {
    const user = userEvent.setup()
    let rebuilds = 0
    renderCard({
      [`GET ${path}`]: () => Response.json({ ...alphaLicenseSettings, v1Versions: ['1.0.0'], activeVersionUsesV1: true }),
      [`POST ${path}/rebuild`]: () => {
        rebuilds += 1
        return rebuilds === 1
          ? errorBody(409, 'A versão ativa não veio de um .mq5 importado aqui: importe o .mq5 de novo para gerar uma versão com a verificação nova.')
          : Response.json({ id: 'job-1', status: 'pending' }, { status: 201 })
      },
    })
    const button = await screen.findByRole('button', { name: 'Recompilar com a verificação nova' })
    await user.click(button)
    expect(await screen.findByText('Erro ao recompilar')).toBeInTheDocument()
    expect(screen.getByText(/A versão ativa não veio de um .mq5 importado aqui/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Recompilar com a verificação nova' }))
    expect((await screen.findAllByText('Recompilação na fila')).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Recompilação na fila' })).toBeDisabled()
    expect(rebuilds).toBe(2)
  })

  it("says 'Erro ao carregar licença' with the server's text and a retry", async () => {
    renderCard({ [`GET ${path}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar licença')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
