import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { jsonOf, pageOf, tenantA, tenantB } from '@/features/admin-catalog/test-support'
import { TenantsPage } from './tenants-page'

beforeAll(polyfillRadixSelect)

// The server may send a longer prefix than the list shows: only the first 12 characters appear.
const joao = { ...tenantA, secretPrefix: 'a1b2c3d4e5f6a7b8' }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenants': () => Response.json(pageOf([joao, tenantB])), ...handlers }))
  renderWithProviders(<TenantsPage />, { path: '/tenants' })
  return fetch
}

const INVITE_LINK = `http://127.0.0.1:18080/tenant/convite?token=${'c'.repeat(32)}.${'d'.repeat(64)}`

/** The server's answer to a create: the tenant, its portals and the first owner's invitation. */
function createdTenant({ emailNotSent }: { emailNotSent: string | null }) {
  return {
    ...tenantB,
    id: '0190c0de-0000-7000-8000-00000000000c',
    name: 'Nova Marca',
    url: 'novamarca.com.br',
    status: 'active' as const,
    ownerPortalUrl: 'http://127.0.0.1:18080/tenant/login',
    clientPortalUrl: 'http://127.0.0.1:18080/client/login?tenant=novamarca.com.br',
    ownerInvitation: { email: 'joao@novamarca.com.br', emailNotSent, inviteLink: INVITE_LINK },
  }
}

async function fillNewTenant(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup> | typeof userEvent = userEvent) {
  await user.type(within(dialog).getByLabelText(/^Nome\*?$/), 'Nova Marca')
  await user.type(within(dialog).getByLabelText(/^URL\*?$/), 'novamarca.com.br')
  await user.type(within(dialog).getByLabelText(/^Nome do responsável/), 'João Dono')
  await user.type(within(dialog).getByLabelText(/^E-mail do responsável/), 'joao@novamarca.com.br')
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

describe('admin tenants page', { timeout: 30_000 }, () => {
  it('lists the tenants with URL, the start of the secret hash, status and activation date', async () => {
    renderPage()
    const row = await rowOf(tenantA.name)
    expect(within(row).getByText('robosdojoao.com.br')).toBeInTheDocument()
    expect(within(row).getByText('a1b2c3d4e5f6…')).toBeInTheDocument()
    expect(within(row).getByText('Ativo')).toBeInTheDocument()
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument()
    expect(within(row).getByText('Hotmart configurado')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Editar ${tenantA.name}` })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Excluir ${tenantA.name}` })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Limites de ${tenantA.name}` })).toBeInTheDocument()

    const other = await rowOf(tenantB.name)
    expect(within(other).getByText('Suspenso')).toBeInTheDocument()
    expect(within(other).queryByRole('button', { name: /Copiar início do secret hash/ })).not.toBeInTheDocument()
    expect(within(other).getAllByText('—')).toHaveLength(2) // no key, no activation date
    expect(within(other).queryByText('Hotmart configurado')).not.toBeInTheDocument()

    for (const header of ['Nome', 'URL', 'Secret Hash', 'Status', 'Data de Ativação']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(screen.getByText('2 registros')).toBeInTheDocument()
  })

  it('copies exactly the start of the secret hash it shows, and says so', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(within(await rowOf(tenantA.name)).getByRole('button', { name: `Copiar início do secret hash de ${tenantA.name} (12 caracteres)` }))
    expect(await navigator.clipboard.readText()).toBe('a1b2c3d4e5f6')
    expect(await screen.findByText('Copiado!')).toBeInTheDocument()
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/tenants': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(pageOf([])))
    expect(await screen.findByText('Nenhum tenant encontrado')).toBeInTheDocument()
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0)
  })

  it('shows the error with a retry that asks again', async () => {
    let calls = 0
    const fetch = renderPage({
      'GET /api/tenants': () => (++calls === 1 ? errorBody(503, 'Servidor ocupado, tente novamente.') : Response.json(pageOf([joao]))),
    })
    expect(await screen.findByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText(tenantA.name)).toBeInTheDocument()
    expect(requestsTo(fetch, 'GET', '/api/tenants')).toHaveLength(2)
  })

  it('sends the search, the status filter and the page to the server', async () => {
    const fetch = renderPage({ 'GET /api/tenants': () => Response.json(pageOf([joao, tenantB], { total: 45 })) })
    await screen.findByText(tenantA.name)
    const first = new URL(requestsTo(fetch, 'GET', '/api/tenants')[0]!.url)
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '1', pageSize: '20' })

    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    await waitFor(() => expect(new URL(requestsTo(fetch, 'GET', '/api/tenants').at(-1)!.url).searchParams.get('page')).toBe('2'))

    await userEvent.type(screen.getByLabelText('Buscar por nome ou URL'), 'joao')
    await choose('Filtrar por status', 'Suspenso')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/tenants').at(-1)!.url)
      expect(last.searchParams.get('q')).toBe('joao')
      expect(last.searchParams.get('status')).toBe('suspended')
      // A new filter starts again at the first page.
      expect(last.searchParams.get('page')).toBe('1')
    })
  })

  it('shows the pt-BR messages on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Tenant' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.clear(within(dialog).getByLabelText(/^Secret hash/))
    await userEvent.type(within(dialog).getByLabelText(/^Secret hash/), 'curta')
    await userEvent.type(within(dialog).getByLabelText(/^URL\*?$/), 'sem ponto')
    await userEvent.type(within(dialog).getByLabelText(/^E-mail do responsável/), 'joao@')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar tenant' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('URL inválida')).toBeInTheDocument()
    expect(within(dialog).getByText('Secret hash deve ter pelo menos 16 caracteres')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome do responsável é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('E-mail do responsável inválido')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenants')).toHaveLength(0)
  })

  it('creates a tenant and invites its owner; the key is generated (64 hex) and shown once, quietly', async () => {
    const fetch = renderPage({ 'POST /api/tenants': () => Response.json(createdTenant({ emailNotSent: null }), { status: 201 }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Tenant' }))
    const dialog = await screen.findByRole('dialog')
    const secret = within(dialog).getByLabelText(/^Secret hash/) as HTMLInputElement
    expect(secret.value).toMatch(/^[0-9a-f]{64}$/)
    const firstKey = secret.value
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar' }))
    expect(secret.value).toMatch(/^[0-9a-f]{64}$/)
    expect(secret.value).not.toBe(firstKey)
    const key = secret.value

    await fillNewTenant(dialog)
    await userEvent.type(within(dialog).getByLabelText(/^Hotmart webhook secret/), 'hottok-123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar tenant' }))

    expect(await screen.findByText('Tenant criado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenants')
    expect(await jsonOf(request!)).toEqual({
      name: 'Nova Marca',
      url: 'novamarca.com.br',
      logoUrl: '',
      secretHash: key,
      hotmartWebhookSecret: 'hottok-123',
      status: 'active',
      ownerName: 'João Dono',
      ownerEmail: 'joao@novamarca.com.br',
    })
    expect(await screen.findByRole('heading', { name: 'Tenant Nova Marca criado' })).toBeInTheDocument()
    expect(screen.getByText('Convite enviado para joao@novamarca.com.br')).toBeInTheDocument()
    expect(screen.getByDisplayValue(key)).toBeInTheDocument()
    expect(screen.getByText('Não é preciso repassar a chave: o convite já dá acesso.', { exact: false })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says honestly when the invitation e-mail was not sent, and each copy button copies its whole value', async () => {
    const user = userEvent.setup()
    const reason = 'E-mail não enviado: remetente não configurado. Configure o envio em Configurações → E-mails, ou envie o acesso ao comprador por outro meio.'
    renderPage({ 'POST /api/tenants': () => Response.json(createdTenant({ emailNotSent: reason }), { status: 201 }) })
    await user.click(await screen.findByRole('button', { name: 'Novo Tenant' }))
    const dialog = await screen.findByRole('dialog')
    await fillNewTenant(dialog, user)
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }))

    expect(await screen.findByText('Convite não enviado')).toBeInTheDocument()
    expect(screen.getByText(reason)).toBeInTheDocument()
    expect(screen.queryByText(/Convite enviado para/)).not.toBeInTheDocument()
    expect(screen.getByText(/Funciona uma única vez, por 7 dias/)).toBeInTheDocument()

    const copies: Array<[string, string]> = [
      ['Copiar link do convite', INVITE_LINK],
      ['Copiar endereço do portal do revendedor', 'http://127.0.0.1:18080/tenant/login'],
      ['Copiar endereço do portal do cliente', 'http://127.0.0.1:18080/client/login?tenant=novamarca.com.br'],
    ]
    for (const [label, value] of copies) {
      await user.click(screen.getByRole('button', { name: label }))
      expect(await navigator.clipboard.readText()).toBe(value)
      expect(screen.getByDisplayValue(value)).toBeInTheDocument()
    }
  })

  it('edits a tenant: a blank key and hottok are sent as null (kept), the new status goes', async () => {
    const fetch = renderPage({ [`PATCH /api/tenants/${tenantA.id}`]: () => Response.json({ ...joao, status: 'suspended' }) })
    await userEvent.click(within(await rowOf(tenantA.name)).getByRole('button', { name: `Editar ${tenantA.name}` }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue(tenantA.name)
    expect(within(dialog).getByLabelText(/^Secret hash/)).toHaveValue('')
    await choose(/^Status/, 'Suspenso', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Tenant atualizado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenants/${tenantA.id}`)
    expect(await jsonOf(request!)).toEqual({
      name: tenantA.name,
      url: tenantA.url,
      logoUrl: '',
      secretHash: null,
      hotmartWebhookSecret: null,
      status: 'suspended',
      ownerName: null,
      ownerEmail: null,
    })
    expect(within(dialog).queryByLabelText(/^E-mail do responsável/)).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows the server's error toast and field message when saving fails", async () => {
    renderPage({ [`PATCH /api/tenants/${tenantA.id}`]: () => errorBody(409, 'Já existe um tenant com esta URL', { url: 'Já existe um tenant com esta URL' }) })
    await userEvent.click(within(await rowOf(tenantA.name)).getByRole('button', { name: `Editar ${tenantA.name}` }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar tenant')).toBeInTheDocument()
    expect(within(dialog).getByText('Já existe um tenant com esta URL')).toBeInTheDocument()
  })

  it('deletes a tenant only after confirming, with DELETE', async () => {
    const fetch = renderPage({ [`DELETE /api/tenants/${tenantA.id}`]: () => new Response(null, { status: 204 }) })
    const row = await rowOf(tenantA.name)

    await userEvent.click(within(row).getByRole('button', { name: `Excluir ${tenantA.name}` }))
    let confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Tem certeza que deseja excluir este tenant?')).toBeInTheDocument()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(requestsTo(fetch, 'DELETE', `/api/tenants/${tenantA.id}`)).toHaveLength(0)

    const listsBefore = requestsTo(fetch, 'GET', '/api/tenants').length
    await userEvent.click(within(row).getByRole('button', { name: `Excluir ${tenantA.name}` }))
    confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText(new RegExp(`^${tenantA.name} e tudo o que pertence a ele`))).toBeInTheDocument()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Tenant excluído')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `/api/tenants/${tenantA.id}`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    // The list is asked again.
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenants').length).toBeGreaterThan(listsBefore))
  })

  it("toasts 'Erro ao excluir tenant' with the server's message when the delete fails", async () => {
    renderPage({ [`DELETE /api/tenants/${tenantA.id}`]: () => errorBody(404, 'Tenant não encontrado') })
    await userEvent.click(within(await rowOf(tenantA.name)).getByRole('button', { name: `Excluir ${tenantA.name}` }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Erro ao excluir tenant')).toBeInTheDocument()
    expect(screen.getByText('Tenant não encontrado')).toBeInTheDocument()
  })

  it("opens a tenant's limits from its row", async () => {
    const fetch = renderPage({
      [`GET /api/tenants/${tenantA.id}/limits`]: () =>
        Response.json({ dllImportsAllowed: true, storageQuotaMb: null, defaultStorageQuotaMb: 500, storageQuotaBytes: 500 * 1024 * 1024, storageUsedBytes: 0, storageFiles: 0 }),
    })
    await userEvent.click(within(await rowOf(tenantA.name)).getByRole('button', { name: `Limites de ${tenantA.name}` }))
    const dialog = await screen.findByRole('dialog', { name: `Limites de ${tenantA.name}` })
    expect(await within(dialog).findByText('0 MB de 500 MB (0 arquivos)')).toBeInTheDocument()
    expect(within(dialog).getByRole('switch', { name: 'Permitir #import de DLLs' })).toHaveAttribute('aria-checked', 'true')
    expect(requestsTo(fetch, 'GET', `/api/tenants/${tenantA.id}/limits`)).toHaveLength(1)
  })
})
