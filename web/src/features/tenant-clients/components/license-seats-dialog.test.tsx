import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { formatDateTime } from '@/lib/format'
import { alphaLicense, alphaSeats } from '../test-support'
import type { OwnerLicenseItem } from '../api/licenses'
import { LicenseSeatsDialog } from './license-seats-dialog'

const base = `/api/tenant/licenses/${alphaLicense.id}`

function renderDialog(handlers: Parameters<typeof apiRoutes>[0] = {}, canManage = true) {
  const fetch = mockFetch(apiRoutes({ [`GET ${base}/seats`]: () => Response.json(alphaSeats), ...handlers }))
  renderWithProviders(<LicenseSeatsDialog open onOpenChange={() => {}} license={alphaLicense as OwnerLicenseItem} canManage={canManage} />)
  return fetch
}

const table = () => screen.getByRole('table', { name: 'Contas vinculadas' })
const rules = () => screen.getByRole('form', { name: 'Regras desta licença' })

beforeAll(polyfillRadixSelect)

describe('license seats dialog', { timeout: 20_000 }, () => {
  it('lists each account with its server, kind, whether it takes a seat and since when', async () => {
    renderDialog()
    expect(screen.getByLabelText('Carregando contas')).toBeInTheDocument()
    expect(await screen.findByTestId('seat-usage')).toHaveTextContent('2 de 2 vagas reais em uso · Contas demo: Livres (não contam vaga)')
    const rows = within(await screen.findByRole('table', { name: 'Contas vinculadas' })).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['12345678', 'XPMT5-REAL', 'Real', 'Sim'],
      ['55500011', 'ainda não informado', 'Desconhecido', 'Sim'],
      ['99900022', 'XPMT5-DEMO', 'Demo', 'Não'],
    ])
    expect(within(rows[0]!).getByText(formatDateTime(alphaSeats.seats[0]!.boundAt))).toBeInTheDocument()
  })

  it('frees a seat after confirming, and shows the new seats', async () => {
    const user = userEvent.setup()
    let current = alphaSeats
    const fetch = renderDialog({
      [`GET ${base}/seats`]: () => Response.json(current),
      [`DELETE ${base}/seats/${alphaSeats.seats[0]!.id}`]: () => {
        current = { ...alphaSeats, seats: alphaSeats.seats.slice(1), used: 1 }
        return Response.json(current)
      },
    })
    await user.click(within(await screen.findByRole('table', { name: 'Contas vinculadas' })).getByRole('button', { name: 'Liberar vaga da conta 12345678' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Liberar a conta 12345678 @ XPMT5-REAL?')).toBeInTheDocument()
    expect(within(confirm).getByText(/o robô nela é recusado na próxima verificação/)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Liberar vaga' }))
    expect(await screen.findByText('Vaga liberada')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `${base}/seats/${alphaSeats.seats[0]!.id}`)).toHaveLength(1)
    expect(screen.getByTestId('seat-usage')).toHaveTextContent('1 de 2 vagas reais em uso')
    expect(within(table()).queryByText('12345678')).not.toBeInTheDocument()
  })

  it("keeps the confirmation open with the server's refusal", async () => {
    const user = userEvent.setup()
    renderDialog({ [`DELETE ${base}/seats/${alphaSeats.seats[2]!.id}`]: () => errorBody(404, 'Conta não encontrada nesta licença') })
    await user.click(within(await screen.findByRole('table', { name: 'Contas vinculadas' })).getByRole('button', { name: 'Liberar vaga da conta 99900022' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Liberar vaga' }))
    expect(await within(screen.getByRole('alertdialog')).findByText('Conta não encontrada nesta licença')).toBeInTheDocument()
  })

  it("saves the license's own seats and demo rule", async () => {
    const user = userEvent.setup()
    let current: object = alphaSeats
    const fetch = renderDialog({
      [`GET ${base}/seats`]: () => Response.json(current),
      [`PUT ${base}/seat-policy`]: async (request) => {
        const body = (await request.clone().json()) as { liveSeatsOverride: number | null; demoAccountsOverride: string | null }
        current = { ...alphaSeats, ...body, total: body.liveSeatsOverride ?? 2 }
        return Response.json(current)
      },
    })
    await screen.findByRole('form', { name: 'Regras desta licença' })
    const seats = within(rules()).getByLabelText('Vagas desta licença')
    expect(seats).toHaveValue(null)
    expect(seats).toHaveAccessibleDescription('Vazio: como o robô (2).')
    expect(within(rules()).getByLabelText('Contas demo nesta licença')).toHaveTextContent('Como o robô (Livres (não contam vaga))')
    await user.type(seats, '4')
    await choose('Contas demo nesta licença', 'Recusadas', rules())
    await user.click(within(rules()).getByRole('button', { name: 'Salvar regras' }))
    expect(await screen.findByText('Regras da licença salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PUT', `${base}/seat-policy`)
    expect(await request!.json()).toEqual({ liveSeatsOverride: 4, demoAccountsOverride: 'refused' })
    expect(await screen.findByText('2 de 4 vagas reais em uso')).toBeInTheDocument()
  })

  it('refuses 51 seats before sending and shows server field errors', async () => {
    const user = userEvent.setup()
    const fetch = renderDialog({
      [`PUT ${base}/seat-policy`]: () => errorBody(400, 'Contas demo inválidas', { demoAccountsOverride: 'Contas demo inválidas' }),
    })
    await screen.findByRole('form', { name: 'Regras desta licença' })
    await user.type(within(rules()).getByLabelText('Vagas desta licença'), '51')
    await user.click(within(rules()).getByRole('button', { name: 'Salvar regras' }))
    expect(await within(rules()).findByText('Vagas para contas reais deve ficar entre 1 e 50.')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', `${base}/seat-policy`)).toHaveLength(0)
    await user.clear(within(rules()).getByLabelText('Vagas desta licença'))
    await user.click(within(rules()).getByRole('button', { name: 'Salvar regras' }))
    expect(await within(rules()).findByText('Contas demo inválidas')).toBeInTheDocument()
  })

  it('lets a read-only role see the seats without freeing or saving', async () => {
    renderDialog({}, false)
    await screen.findByRole('table', { name: 'Contas vinculadas' })
    expect(screen.queryByRole('button', { name: /Liberar vaga/ })).not.toBeInTheDocument()
    expect(within(rules()).queryByRole('button', { name: 'Salvar regras' })).not.toBeInTheDocument()
    expect(within(rules()).getByLabelText('Vagas desta licença')).toBeDisabled()
  })

  it('shows an empty state', async () => {
    renderDialog({ [`GET ${base}/seats`]: () => Response.json({ ...alphaSeats, seats: [], used: 0 }) })
    expect(await screen.findByText('Nenhuma conta vinculada a esta licença')).toBeInTheDocument()
  })

  it('shows a load error with a retry', async () => {
    renderDialog({ [`GET ${base}/seats`]: () => errorBody(500, 'Erro interno') })
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno')
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
