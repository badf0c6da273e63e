import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import type { ClientItem } from '../api/clients'
import { maria } from '../test-support'
import { EraseClientDialog } from './erase-client-dialog'

const client = maria as ClientItem
const exportPath = `/api/tenant/clients/${client.id}/export`
const erasePath = `/api/tenant/clients/${client.id}/erase`
const CONFIRM_MISMATCH = 'Digite o e-mail do cliente exatamente como cadastrado para confirmar a exclusão.'

const exported = () =>
  new Response(JSON.stringify({ client: { id: client.id, name: client.name, email: client.email } }), {
    headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="cliente-${client.id.replaceAll('-', '')}.json"` },
  })

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

function renderDialog(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${exportPath}`]: exported,
      [`POST ${erasePath}`]: () => Response.json({ licensesCancelled: 1, payloadsRedacted: 2, emailsRemoved: 3, checksAnonymised: 40 }),
      ...handlers,
    }),
  )
  const onOpenChange = vi.fn()
  renderWithProviders(<EraseClientDialog open onOpenChange={onOpenChange} client={client} />, { path: '/clients/x' })
  return { fetch, onOpenChange }
}

const dialog = () => screen.getByRole('dialog', { name: 'Apagar dados do cliente' })
const emailInput = () => within(dialog()).getByLabelText(/Digite o e-mail do cliente para confirmar/)
const eraseButton = () => within(dialog()).getByRole('button', { name: 'Baixar exportação e apagar' })

describe('erase client dialog', { timeout: 30_000 }, () => {
  it('says what the erasure does and that it cannot be undone', async () => {
    renderDialog()
    const text = (await screen.findByRole('dialog', { name: 'Apagar dados do cliente' })).textContent
    expect(text).toContain('Primeiro, os dados do cliente são baixados em um arquivo JSON')
    expect(text).toContain('Nome, e-mail, telefone e senha são removidos, e o acesso do cliente ao portal termina.')
    expect(text).toContain('As licenças do cliente são canceladas.')
    expect(text).toContain('Dados da Hotmart, e-mails enviados e registros de verificação de licença que identificam a pessoa são anonimizados.')
    expect(text).toContain('Os valores e as datas das vendas são mantidos, para a contabilidade.')
    expect(text).toContain('Esta ação não pode ser desfeita.')
    expect(text).toContain(`Digite ${client.email}`)
  })

  it("stays closed to the erasure until the client's e-mail is typed, then downloads the export before erasing", async () => {
    const user = userEvent.setup()
    const { fetch, onOpenChange } = renderDialog()
    await screen.findByRole('dialog', { name: 'Apagar dados do cliente' })
    expect(eraseButton()).toBeDisabled()

    await user.type(emailInput(), 'maria@exemplo.co')
    expect(eraseButton()).toBeDisabled()
    await user.keyboard('{Enter}')
    expect(fetch).not.toHaveBeenCalled()

    // As the server compares it: spaces around and case do not matter.
    await user.clear(emailInput())
    await user.type(emailInput(), '  Maria@Exemplo.com ')
    expect(eraseButton()).toBeEnabled()
    await user.click(eraseButton())

    expect(await screen.findByText('Dados do cliente apagados')).toBeInTheDocument()
    expect(
      screen.getByText(
        '1 licença cancelada, 2 registros da Hotmart anonimizados, 3 e-mails removidos, 40 verificações de licença anonimizadas. A exportação foi baixada.',
      ),
    ).toBeInTheDocument()
    expect(onOpenChange).toHaveBeenCalledWith(false)

    const paths = fetch.mock.calls.map((call) => `${(call[0] as Request).method} ${new URL((call[0] as Request).url).pathname}`)
    expect(paths).toEqual([`GET ${exportPath}`, `POST ${erasePath}`])
    expect(saved).toEqual([`cliente-${client.id.replaceAll('-', '')}.json`])
    expect(await requestsTo(fetch, 'POST', erasePath)[0]!.json()).toEqual({ confirmEmail: 'Maria@Exemplo.com' })
  })

  it("shows the server's refusal of the e-mail under the input, and a second try does not download the export again", async () => {
    const user = userEvent.setup()
    let answers = 0
    const { fetch, onOpenChange } = renderDialog({
      [`POST ${erasePath}`]: () =>
        ++answers === 1
          ? errorBody(400, 'Dados inválidos.', { confirmEmail: CONFIRM_MISMATCH })
          : Response.json({ licensesCancelled: 0, payloadsRedacted: 0, emailsRemoved: 0, checksAnonymised: 0 }),
    })
    await user.type(await screen.findByLabelText(/Digite o e-mail do cliente para confirmar/), client.email)
    await user.click(eraseButton())

    const message = await within(dialog()).findByText(CONFIRM_MISMATCH)
    expect(message.closest('[data-slot="form-item"]')).toContainElement(emailInput())
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog()).queryByText('Os dados não foram apagados')).not.toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()

    await user.click(eraseButton())
    expect(await screen.findByText('Dados do cliente apagados')).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', exportPath)).toHaveLength(1)
    expect(requestsTo(fetch, 'POST', erasePath)).toHaveLength(2)
    expect(saved).toHaveLength(1)
  })

  it('shows the 409 of a client already erased and stays open', async () => {
    const user = userEvent.setup()
    const { onOpenChange } = renderDialog({ [`POST ${erasePath}`]: () => errorBody(409, 'Os dados deste cliente já foram apagados.') })
    await user.type(await screen.findByLabelText(/Digite o e-mail do cliente para confirmar/), client.email)
    await user.click(eraseButton())

    const alert = await within(dialog()).findByRole('alert')
    expect(alert).toHaveTextContent('Os dados não foram apagados')
    expect(alert).toHaveTextContent('Os dados deste cliente já foram apagados.')
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('erases nothing when the export cannot be downloaded (a role without the permission: 403)', async () => {
    const user = userEvent.setup()
    const refusal = 'Seu perfil (Suporte) não permite esta ação. Peça a um administrador da conta.'
    const { fetch } = renderDialog({ [`GET ${exportPath}`]: () => errorBody(403, refusal) })
    await user.type(await screen.findByLabelText(/Digite o e-mail do cliente para confirmar/), client.email)
    await user.click(eraseButton())

    const alert = await within(dialog()).findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível baixar a exportação. Nada foi apagado.')
    expect(alert).toHaveTextContent(refusal)
    await waitFor(() => expect(eraseButton()).toBeEnabled())
    expect(requestsTo(fetch, 'POST', erasePath)).toHaveLength(0)
    expect(saved).toHaveLength(0)
  })
})
