import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { alphaLicense, alphaSeats, noSeats } from '../test-support'
import { LicenseSeats } from './license-seats'

const path = `/api/client/licenses/${alphaLicense.id}/seats`
const limit = { changesPerPeriod: 3, periodDays: 30, cooldownHours: 24 }

function renderSeats(handlers: Parameters<typeof apiRoutes>[0] = {}, license: Partial<typeof alphaLicense> = {}) {
  const fetch = mockFetch(apiRoutes({ [`GET ${path}`]: () => Response.json(alphaSeats), ...handlers }))
  renderWithProviders(<LicenseSeats license={{ ...alphaLicense, accountChangeLimit: limit, ...license }} />)
  return fetch
}

const section = () => screen.getByRole('region', { name: /^Suas contas/ })

beforeAll(polyfillRadixSelect)

describe('the buyer’s accounts on a license', { timeout: 20_000 }, () => {
  it('shows the seats in use and each account as login @ servidor with its kind', async () => {
    renderSeats()
    expect(screen.getByLabelText('Carregando suas contas')).toBeInTheDocument()
    expect(await screen.findByText('Suas contas: 1 de 2 vagas reais em uso')).toBeInTheDocument()
    const items = within(section()).getAllByRole('listitem')
    expect(items.map((item) => item.firstChild?.textContent)).toEqual(['12345678 @ XPMT5-REAL · Real', '99900022 @ XPMT5-DEMO · Demo (não ocupa vaga)'])
  })

  it("frees an account after a confirmation that states the seller's limit", async () => {
    const user = userEvent.setup()
    let current = alphaSeats
    const fetch = renderSeats({
      [`GET ${path}`]: () => Response.json(current),
      [`DELETE ${path}/${alphaSeats.seats[0]!.id}`]: () => {
        current = { ...alphaSeats, seats: alphaSeats.seats.slice(1), used: 0 }
        return Response.json(current)
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Liberar a conta 12345678 @ XPMT5-REAL' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText(/conta como troca de conta no limite do vendedor: 3 trocas a cada 30 dias, com pelo menos 24 h entre duas/)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Liberar vaga' }))
    expect(await screen.findByText('Conta liberada')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `${path}/${alphaSeats.seats[0]!.id}`)).toHaveLength(1)
    expect(screen.getByText('Suas contas: 0 de 2 vagas reais em uso')).toBeInTheDocument()
  })

  it("shows the server's refusal when the cooldown applies, and frees nothing", async () => {
    const user = userEvent.setup()
    const refusal = 'Você trocou de conta há pouco. Uma nova troca estará disponível em 12/03/2025 às 10:00 (horário de Brasília).'
    renderSeats({ [`DELETE ${path}/${alphaSeats.seats[0]!.id}`]: () => errorBody(429, refusal) })
    await user.click(await screen.findByRole('button', { name: 'Liberar a conta 12345678 @ XPMT5-REAL' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Liberar vaga' }))
    expect(await within(screen.getByRole('alertdialog')).findByText(refusal)).toBeInTheDocument()
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Fechar' })).toBeInTheDocument()
  })

  it('adds an account with its server and mode, and shows a refusal when the seats are full', async () => {
    const user = userEvent.setup()
    const full = 'Todas as vagas desta licença estão em uso (2 de 2). Libere uma conta antes de adicionar outra.'
    let calls = 0
    const fetch = renderSeats({
      [`POST ${path}`]: () => (++calls === 1 ? errorBody(409, full) : Response.json({ ...alphaSeats, used: 2 }, { status: 201 })),
    })
    await user.click(await screen.findByRole('button', { name: 'Adicionar conta' }))
    const form = await screen.findByRole('form', { name: 'Adicionar conta' })
    await user.click(within(form).getByRole('button', { name: 'Adicionar' }))
    expect(await within(form).findByText('Número da conta é obrigatório')).toBeInTheDocument()
    expect(within(form).getByText('Servidor é obrigatório')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', path)).toHaveLength(0)

    await user.type(within(form).getByLabelText(/Número da conta/), '55500011')
    await user.type(within(form).getByLabelText(/Servidor/), 'XPMT5-REAL')
    await choose('Tipo de conta', 'Real', form)
    await user.click(within(form).getByRole('button', { name: 'Adicionar' }))
    expect(await within(form).findByText(full)).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', path)
    expect(await request!.json()).toEqual({ login: '55500011', server: 'XPMT5-REAL', tradeMode: 'real' })

    await user.click(within(form).getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('Conta adicionada')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Adicionar conta' })).not.toBeInTheDocument()
  })

  it('offers no "Adicionar conta" for robots that bind on first use, and no freeing on a license not in use', async () => {
    renderSeats({ [`GET ${path}`]: () => Response.json({ ...noSeats, bindingPolicy: 'first_use' }) }, { usable: false })
    expect(await screen.findByText('Nenhuma conta vinculada ainda.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Adicionar conta' })).not.toBeInTheDocument()
  })

  it('shows a load error with a retry', async () => {
    renderSeats({ [`GET ${path}`]: () => errorBody(500, 'Erro interno') })
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno')
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
