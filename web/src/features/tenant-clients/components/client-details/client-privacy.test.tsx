import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import type { ClientItem } from '../../api/clients'
import { maria } from '../../test-support'
import { ClientPrivacy } from './client-privacy'

const client = maria as ClientItem
const exportPath = `/api/tenant/clients/${client.id}/export`
const fileName = `cliente-${client.id.replaceAll('-', '')}.json`

// jsdom has no object URLs and does not download: the tests lend both and note the names the browser would save.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
let saved: string[]
beforeEach(() => {
  saved = []
  URL.createObjectURL = vi.fn(() => 'blob:rf-export')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

function renderCard(handlers: Parameters<typeof apiRoutes>[0] = {}, shown: ClientItem = client) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${exportPath}`]: () =>
        new Response(JSON.stringify({ client: { email: client.email } }), {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${fileName}"` },
        }),
      ...handlers,
    }),
  )
  renderWithProviders(<ClientPrivacy client={shown} />, { path: '/clients/x' })
  return fetch
}

describe("client details' personal data (LGPD)", { timeout: 30_000 }, () => {
  it("downloads the client's export under the server's file name", async () => {
    const user = userEvent.setup()
    const fetch = renderCard()
    await user.click(within(screen.getByRole('region', { name: 'Dados pessoais (LGPD)' })).getByRole('button', { name: 'Exportar dados (LGPD)' }))

    expect(await screen.findByText('Exportação baixada')).toBeInTheDocument()
    expect(screen.getByText(`Os dados do cliente foram salvos em ${fileName}.`)).toBeInTheDocument()
    expect(saved).toEqual([fileName])
    expect(requestsTo(fetch, 'GET', exportPath)).toHaveLength(1)
  })

  it("shows the server's refusal of an export (a role without the permission)", async () => {
    const user = userEvent.setup()
    renderCard({ [`GET ${exportPath}`]: () => errorBody(403, 'Seu perfil (Financeiro) não permite esta ação. Peça a um administrador da conta.') })
    await user.click(screen.getByRole('button', { name: 'Exportar dados (LGPD)' }))

    expect(await screen.findByText('Erro ao exportar dados')).toBeInTheDocument()
    expect(screen.getByText('Seu perfil (Financeiro) não permite esta ação. Peça a um administrador da conta.')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('opens the erasure dialog', async () => {
    const user = userEvent.setup()
    renderCard()
    await user.click(screen.getByRole('button', { name: 'Apagar dados do cliente' }))
    expect(await screen.findByRole('dialog', { name: 'Apagar dados do cliente' })).toBeInTheDocument()
  })

  it('offers nothing for a client already erased, and says so', () => {
    renderCard({}, { ...client, name: 'Cliente apagado (LGPD)', email: `apagado+${client.id.replaceAll('-', '')}@anonimo.invalid`, phone: null })
    expect(screen.getByText(/Os dados pessoais deste cliente foram apagados\./)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Exportar dados (LGPD)' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Apagar dados do cliente' })).not.toBeInTheDocument()
  })
})
