import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { pageOf } from '@/features/admin-catalog/test-support'
import type { TenantMailItem } from '@/features/admin-catalog/api/tenant-mail'
import { AdminMailPage } from './mail-page'

const busy: TenantMailItem = {
  tenantId: '0190c0de-0000-7000-8000-00000000a001',
  tenantName: 'Robôs do João',
  sendsWithOwnKey: false,
  dailyLimit: null,
  recipientDailyLimit: null,
  defaultDailyLimit: 300,
  defaultRecipientDailyLimit: 10,
  suspendedAt: null,
  suspendedReason: null,
  sentDay: 25,
  refusedDay: 3,
  bouncedDay: 1,
  complainedDay: 0,
  sentMonth: 410,
  refusedMonth: 7,
  bouncedMonth: 4,
  complainedMonth: 2,
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/mail-volume': () => Response.json(pageOf([busy])), ...handlers }))
  renderWithProviders(<AdminMailPage />, { path: '/mail' })
  return fetch
}

describe('admin mail page', { timeout: 30_000 }, () => {
  it("shows each tenant's volume over 24 hours and 30 days", async () => {
    renderPage()
    const table = await screen.findByRole('table', { name: 'E-mails por tenant' })
    const row = (await within(table).findByText('Robôs do João')).closest('tr')!
    expect(within(row).getByText('25 / 410')).toBeInTheDocument()
    expect(within(row).getByText('3 / 7')).toBeInTheDocument()
    expect(within(row).getByText('Pela plataforma')).toBeInTheDocument()
    expect(within(row).getByText('300')).toBeInTheDocument()
  })

  it("suspends a tenant's mail only after confirmation", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PUT /api/tenants/${busy.tenantId}/mail`]: () => Response.json({ ...busy, suspendedAt: '2026-11-27T12:00:00Z' }) })
    await user.click(await screen.findByRole('button', { name: 'Suspender envio' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Nenhum e-mail deste tenant será enviado')
    expect(requestsTo(fetch, 'PUT', `/api/tenants/${busy.tenantId}/mail`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Suspender' }))
    expect(await screen.findByText('Envio de e-mails suspenso')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PUT', `/api/tenants/${busy.tenantId}/mail`)
    expect(await request!.json()).toMatchObject({ suspended: true, dailyLimit: null })
  })

  it("sets a tenant's own limits, refuses a bad number in Portuguese and keeps blank as the default", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PUT /api/tenants/${busy.tenantId}/mail`]: () => Response.json({ ...busy, dailyLimit: 50 }) })
    await user.click(await screen.findByRole('button', { name: `Limites de ${busy.tenantName}` }))
    const dialog = await screen.findByRole('dialog')
    const daily = within(dialog).getByLabelText('E-mails por dia')
    expect(daily).toHaveAttribute('placeholder', 'Padrão: 300')
    await user.type(daily, '0')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar limites' }))
    expect(await within(dialog).findByText(/Informe um número inteiro de 1 a 1\.000\.000/)).toBeInTheDocument()
    expect(requestsTo(fetch, 'PUT', `/api/tenants/${busy.tenantId}/mail`)).toHaveLength(0)
    await user.clear(daily)
    await user.type(daily, '50')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar limites' }))
    expect(await screen.findByText('Limites de e-mail salvos')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PUT', `/api/tenants/${busy.tenantId}/mail`)
    expect(await request!.json()).toEqual({ suspended: false, reason: null, dailyLimit: 50, recipientDailyLimit: null })
  })

  it('shows the error with a retry when the volume cannot be read', async () => {
    renderPage({ 'GET /api/mail-volume': () => errorBody(500, 'Falha interna') })
    expect(await screen.findByText('Falha interna')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
