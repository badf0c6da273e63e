import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { alpha, alphaSeatPolicy } from '../../test-support'
import { SeatPolicyCard } from './seat-policy-card'

const path = `/api/tenant/robots/${alpha.id}/seat-policy`

function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}, readOnly = false) {
  const fetch = mockFetch(apiRoutes({ [`GET ${path}`]: () => Response.json(alphaSeatPolicy), ...handlers }))
  renderWithProviders(<SeatPolicyCard robotId={alpha.id} readOnly={readOnly} />, { path: `/robots/${alpha.id}/versions` })
  return fetch
}

const form = () => screen.getByRole('form', { name: 'Contas e vagas' })
const seatsInput = () => within(form()).getByLabelText('Vagas para contas reais')
const brokersInput = () => within(form()).getByLabelText('Corretoras permitidas')

beforeAll(polyfillRadixSelect)

describe('robot seat policy card', { timeout: 20_000 }, () => {
  it('loads the seats, the demo and contest rules, the brokers one per line and the trial switch', async () => {
    renderCard()
    expect(screen.getByLabelText('Carregando contas e vagas')).toBeInTheDocument()
    expect(await screen.findByRole('form', { name: 'Contas e vagas' })).toBeInTheDocument()
    expect(seatsInput()).toHaveValue(2)
    expect(within(form()).getByLabelText('Contas demo')).toHaveTextContent('Livres (não contam vaga)')
    expect(within(form()).getByLabelText('Contas de torneio')).toHaveTextContent('Como as demo')
    expect(brokersInput()).toHaveValue('XPMT5-*\nClear Corretora')
    expect(brokersInput()).toHaveAccessibleDescription(expect.stringContaining('Ex.: XPMT5-* ou o nome da corretora. Vazio: qualquer corretora.'))
    expect(within(form()).getByRole('switch', { name: 'Licenças de teste só em conta demo' })).not.toBeChecked()
  })

  it('saves the whole policy (contest "Como as demo" as null, brokers as a list) and toasts', async () => {
    const user = userEvent.setup()
    const fetch = renderCard({ [`PUT ${path}`]: async (request) => Response.json(await request.clone().json()) })
    await screen.findByRole('form', { name: 'Contas e vagas' })
    await user.clear(seatsInput())
    await user.type(seatsInput(), '3')
    await choose('Contas demo', 'Recusadas', form())
    await choose('Contas de torneio', 'Contam', form())
    await user.clear(brokersInput())
    await user.type(brokersInput(), ' XPMT5-* {enter}{enter}Rico')
    await user.click(within(form()).getByRole('switch', { name: 'Licenças de teste só em conta demo' }))
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Contas e vagas salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PUT', path)
    expect(await request!.json()).toEqual({
      liveSeats: 3,
      demoAccounts: 'refused',
      contestAccounts: 'counted',
      allowedBrokers: ['XPMT5-*', 'Rico'],
      trialDemoOnly: true,
    })
  })

  it('refuses 0 seats and a broker with "|" before sending', async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    await screen.findByRole('form', { name: 'Contas e vagas' })
    await user.clear(seatsInput())
    await user.type(seatsInput(), '0')
    await user.clear(brokersInput())
    await user.type(brokersInput(), 'XP|MT5')
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await within(form()).findByText('Vagas para contas reais deve ficar entre 1 e 50.')).toBeInTheDocument()
    expect(within(form()).getByText('Corretora inválida: "XP|MT5". Use de 1 a 64 caracteres, sem "|".')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', path)).toHaveLength(0)
  })

  it("puts the server's field errors on the fields", async () => {
    const user = userEvent.setup()
    const message = 'Corretora inválida: "XPMT5". Use de 1 a 64 caracteres, sem "|" nem caracteres de controle.'
    renderCard({ [`PUT ${path}`]: () => errorBody(400, message, { allowedBrokers: message }) })
    await screen.findByRole('form', { name: 'Contas e vagas' })
    await user.click(within(form()).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao salvar contas e vagas')).toBeInTheDocument()
    expect(within(form()).getByText(message)).toBeInTheDocument()
    expect(brokersInput()).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(brokersInput()).toHaveFocus())
  })

  it('shows a read-only policy without a save button', async () => {
    renderCard({}, true)
    await screen.findByRole('form', { name: 'Contas e vagas' })
    expect(seatsInput()).toBeDisabled()
    expect(within(form()).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
  })

  it('shows the load error with a retry', async () => {
    renderCard({ [`GET ${path}`]: () => errorBody(500, 'Erro interno') })
    expect(await screen.findByText('Erro ao carregar contas e vagas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument()
  })
})
