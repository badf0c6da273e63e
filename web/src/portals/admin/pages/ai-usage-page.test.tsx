import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { configuredUsage, unconfiguredUsage, usageA, usageB } from '@/features/admin-factory/test-support'
import { AiUsagePage } from './ai-usage-page'

const quotaPath = `/api/tenants/${usageA.tenantId}/ai-quota`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/ai-usage': () => Response.json(configuredUsage),
      [`PUT ${quotaPath}`]: async (request) => Response.json({ tenantId: usageA.tenantId, monthlyQuota: ((await request.clone().json()) as { monthlyQuota: number }).monthlyQuota }),
      ...handlers,
    }),
  )
  renderWithProviders(<AiUsagePage />, { path: '/ai-usage' })
  return fetch
}

const rowOf = async (tenant: string) => (await screen.findByText(tenant)).closest('tr')!

async function openQuota(tenant: string) {
  await userEvent.click(within(await rowOf(tenant)).getByRole('button', { name: `Editar cota de ${tenant}` }))
  return screen.findByRole('dialog', { name: 'Editar cota' })
}

async function setQuota(dialog: HTMLElement, value: string) {
  const input = within(dialog).getByLabelText(/^Cota mensal de gerações/)
  await userEvent.clear(input)
  if (value) await userEvent.type(input, value)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
}

describe('admin AI usage page', { timeout: 30_000 }, () => {
  it('shows the configured model and, per tenant, generations against the quota, tokens and costs in US dollars', async () => {
    renderPage()
    // The text matchers read the no-break space Intl puts after "US$" as a plain one.
    const joao = await rowOf('Robôs do João')
    expect(within(joao).getByText('12 / 50')).toBeInTheDocument()
    expect(within(joao).getByText('1.234.567 / 98.765')).toBeInTheDocument()
    expect(within(joao).getByText('US$ 12,50')).toBeInTheDocument()
    expect(within(joao).getByText('US$ 1.234,56')).toBeInTheDocument()
    expect(within(joao).queryByText('Limite atingido')).not.toBeInTheDocument()

    const trader = await rowOf('Trader Pro')
    expect(within(trader).getByText('5 / 5')).toBeInTheDocument()
    expect(within(trader).getByText('Limite atingido')).toBeInTheDocument()
    expect(within(trader).getByText('0 / 0')).toBeInTheDocument()
    expect(within(trader).getByText('US$ 0,0042')).toBeInTheDocument()

    for (const header of ['Tenant', 'Gerações no mês', 'Tokens (entrada / saída)', 'Custo no mês', 'Custo total']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(screen.getByTestId('model-status')).toHaveTextContent('gpt-4o-mini')
    expect(screen.getByText('Configurado')).toBeInTheDocument()
    expect(screen.queryByText(/Nenhum modelo de IA configurado/)).not.toBeInTheDocument()
    // This month over every tenant: 12 + 5 generations, 12.5 + 0.0042 dollars.
    expect(screen.getByText('17')).toBeInTheDocument()
    expect(screen.getByText('US$ 12,5042')).toBeInTheDocument()
  })

  it('warns when no model is configured', async () => {
    renderPage({ 'GET /api/ai-usage': () => Response.json(unconfiguredUsage) })
    expect(await screen.findByText('Nenhum modelo de IA configurado: defina AI_BASE_URL, AI_MODEL (e AI_API_KEY) no servidor.')).toBeInTheDocument()
    expect(screen.queryByText('Configurado')).not.toBeInTheDocument()
  })

  it('shows skeleton rows while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/ai-usage': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json({ configured: true, model: 'llama3.1', tenants: [] }))
    expect(await screen.findByText('Nenhum tenant cadastrado.')).toBeInTheDocument()
  })

  it('shows a load error with a retry', async () => {
    let fail = true
    const fetch = renderPage({
      'GET /api/ai-usage': () => (fail ? errorBody(500, 'Banco de dados indisponível') : Response.json(configuredUsage)),
    })
    expect(await screen.findByText('Erro ao carregar o uso de IA')).toBeInTheDocument()
    expect(screen.getByText('Banco de dados indisponível')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Robôs do João')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', '/api/ai-usage')).toHaveLength(2)
  })

  it('edits a quota: checks 0 to 10000, sends it, says so and reloads the usage', async () => {
    const fetch = renderPage()
    const dialog = await openQuota('Robôs do João')
    expect(within(dialog).getByLabelText(/^Cota mensal de gerações/)).toHaveValue(50)

    await setQuota(dialog, '10001')
    expect(await within(dialog).findByText('Informe uma cota entre 0 e 10000')).toBeInTheDocument()
    await setQuota(dialog, '')
    expect(await within(dialog).findByText('Informe uma cota entre 0 e 10000')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', quotaPath)).toHaveLength(0)

    await setQuota(dialog, '80')
    expect(await screen.findByText('Cota atualizada')).toBeInTheDocument()
    expect(await requestsTo(fetch, 'PUT', quotaPath)[0]!.json()).toEqual({ monthlyQuota: 80 })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/ai-usage')).toHaveLength(2))
  })

  it("shows the server's refusal on the field and keeps the dialog open", async () => {
    renderPage({ [`PUT ${quotaPath}`]: () => errorBody(422, 'Verifique os campos', { monthlyQuota: 'Informe uma cota entre 0 e 10000' }) })
    const dialog = await openQuota('Robôs do João')
    await setQuota(dialog, '70')
    expect(await screen.findByText('Erro ao atualizar cota')).toBeInTheDocument()
    const message = within(dialog).getByText('Informe uma cota entre 0 e 10000')
    expect(within(dialog).getByLabelText(/^Cota mensal de gerações/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })

  it('opens the quota of the tenant chosen, with its current value', async () => {
    renderPage()
    const dialog = await openQuota('Trader Pro')
    expect(within(dialog).getByText(/Trader Pro pode iniciar por mês/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Cota mensal de gerações/)).toHaveValue(usageB.monthlyQuota)
  })

  describe('tester minutes (decision 0016)', () => {
    const testerPath = `/api/tenants/${usageA.tenantId}/tester-quota`
    const testerRoute = {
      [`PUT ${testerPath}`]: async (request: Request) =>
        Response.json({ tenantId: usageA.tenantId, monthlyMinutes: ((await request.clone().json()) as { monthlyMinutes: number }).monthlyMinutes }),
    }

    async function openMinutes(tenant: string) {
      await userEvent.click(within(await rowOf(tenant)).getByRole('button', { name: `Minutos de teste de ${tenant}` }))
      return screen.findByRole('dialog', { name: 'Minutos de teste' })
    }

    async function setMinutes(dialog: HTMLElement, value: string) {
      const input = within(dialog).getByLabelText(/^Minutos de teste por mês/)
      await userEvent.clear(input)
      if (value) await userEvent.type(input, value)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    }

    it('sets a tenant\'s monthly minutes beside its AI quota: checks 0 to 100000, sends them and says so', async () => {
      const fetch = renderPage(testerRoute)
      const dialog = await openMinutes('Robôs do João')
      expect(within(dialog).getByText(/backtests de Robôs do João podem usar por mês/)).toBeInTheDocument()
      expect(within(dialog).getByText(/O padrão é 600/)).toBeInTheDocument()

      for (const wrong of ['100001', '', '1.5']) {
        await setMinutes(dialog, wrong)
        expect(await within(dialog).findByText('Informe os minutos de teste por mês, entre 0 e 100000')).toBeInTheDocument()
      }
      expect(requestsTo(fetch, 'PUT', testerPath)).toHaveLength(0)

      await setMinutes(dialog, '100000')
      expect(await screen.findByText('Minutos de teste atualizados')).toBeInTheDocument()
      expect(screen.getByText('Robôs do João: 100.000 minutos por mês.')).toBeInTheDocument()
      expect(await requestsTo(fetch, 'PUT', testerPath)[0]!.json()).toEqual({ monthlyMinutes: 100000 })
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      // The AI quota is untouched.
      expect(requestsTo(fetch, 'PUT', quotaPath)).toHaveLength(0)
    })

    it('takes 0 (no backtests) and shows a refusal of the server on the field', async () => {
      const fetch = renderPage({
        [`PUT ${testerPath}`]: () => errorBody(400, 'Verifique os campos', { monthlyMinutes: 'Informe os minutos de teste por mês, entre 0 e 100000' }),
      })
      const dialog = await openMinutes('Robôs do João')
      await setMinutes(dialog, '0')
      expect(await screen.findByText('Erro ao atualizar minutos de teste')).toBeInTheDocument()
      expect(await requestsTo(fetch, 'PUT', testerPath)[0]!.json()).toEqual({ monthlyMinutes: 0 })
      expect(within(dialog).getByText('Informe os minutos de teste por mês, entre 0 e 100000')).toBeInTheDocument()
      expect(screen.getByRole('dialog', { name: 'Minutos de teste' })).toBeInTheDocument()
    })
  })
})
