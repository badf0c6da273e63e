import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { alpha, beta, fileOf, formFieldsOf, robotsPage } from '@/features/tenant-catalog/test-support'
import { TenantRobotsPage } from './robots-page'

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant/robots': () => Response.json(robotsPage()), ...handlers }))
  renderWithProviders(<TenantRobotsPage />, { queryData: [signedInOwner(role)], path: '/robots' })
  return fetch
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Novo Robô' }))
  return screen.findByRole('dialog')
}

const created = { ...beta, id: '0190c0de-0000-7000-8000-0000000000f1', name: 'Robô Gama', active: true }

describe('tenant robots page', { timeout: 30_000 }, () => {
  it('lists the robots with logo, active version, webhook and status', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Robôs' })).toBeInTheDocument()
    const row = await rowOf('Robô Alpha')
    expect(within(row).getByRole('img', { name: 'Logo Robô Alpha' })).toHaveAttribute('src', alpha.logoUrl)
    expect(within(row).getByText('MT5')).toBeInTheDocument()
    expect(within(row).getByText('v1.2.0')).toBeInTheDocument()
    expect(within(row).getByText('Configurado')).toBeInTheDocument()
    expect(within(row).getByText('Ativo')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Versões de Robô Alpha' })).toHaveAttribute('href', `/robots/${alpha.id}/versions`)
    expect(within(row).getByRole('link', { name: 'Página de vendas de Robô Alpha' })).toHaveAttribute('href', `/robots/${alpha.id}/sales-page`)

    const other = await rowOf('Robô Beta')
    expect(within(other).queryByRole('img')).not.toBeInTheDocument()
    expect(within(other).getByText('Sem versão ativa')).toBeInTheDocument()
    expect(within(other).getByText('Aguardando')).toBeInTheDocument()
    expect(within(other).getByText('Inativo')).toBeInTheDocument()
    for (const header of ['Logo', 'Nome', 'Plataforma', 'Versão', 'Webhook', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
    expect(screen.getByText('2 registros')).toBeInTheDocument()
  })

  it('links to the import screen and to the robot factory', async () => {
    renderPage()
    expect(await screen.findByRole('link', { name: 'Importar Robô' })).toHaveAttribute('href', '/robots/import')
    expect(screen.getByRole('link', { name: 'Fábrica de Robôs' })).toHaveAttribute('href', '/robot-factory')
  })

  it('shows five skeleton rows while loading, then the empty text', async () => {
    let answer: (response: Response) => void = () => {}
    renderPage({ 'GET /api/tenant/robots': () => new Promise<Response>((resolve) => (answer = resolve)) })
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(5)
    answer(Response.json(page([])))
    expect(await screen.findByText('Nenhum robô encontrado')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar robôs' with the server's text and a retry", async () => {
    renderPage({ 'GET /api/tenant/robots': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar robôs')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it('searches by name on the server and refreshes on demand', async () => {
    const fetch = renderPage()
    await rowOf('Robô Alpha')
    await userEvent.type(screen.getByLabelText('Buscar por nome'), 'alpha')
    const lastQuery = () => new URL(requestsTo(fetch, 'GET', '/api/tenant/robots').at(-1)!.url).searchParams
    await waitFor(() => expect(lastQuery().get('q')).toBe('alpha'))
    const before = requestsTo(fetch, 'GET', '/api/tenant/robots').length
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/robots')).toHaveLength(before + 1))
  })

  it("leads from each robot to its Hotmart screen, with a written label", async () => {
    renderPage()
    const link = within(await rowOf('Robô Alpha')).getByRole('link', { name: 'Hotmart de Robô Alpha' })
    expect(link).toHaveAttribute('href', `/robots/${alpha.id}/hotmart`)
    expect(link).toHaveTextContent('Hotmart')
  })

  it("requires a name ('Nome é obrigatório') and sends nothing", async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/robots')).toHaveLength(0)
  })

  it('creates an active MT5 robot, then uploads its logo as multipart', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'POST /api/tenant/robots': () => Response.json(created, { status: 201 }),
      [`POST /api/tenant/robots/${created.id}/upload-logo`]: () => Response.json({ logoUrl: '/api/public/files/logos/gama.png' }),
    })
    const dialog = await openNew()
    expect(within(dialog).getByLabelText('Plataforma')).toHaveValue('MT5')
    expect(within(dialog).getByLabelText('Ativo')).toBeChecked()
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Robô Gama')
    await user.type(within(dialog).getByLabelText('Descrição'), 'Scalper de índice.')
    await user.upload(within(dialog).getByLabelText('Logo'), fileOf('gama.png', 'image/png'))
    expect(await within(dialog).findByRole('img', { name: 'Logo do robô' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/))
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }))

    expect(await screen.findByText('Robô criado')).toBeInTheDocument()
    const [post] = requestsTo(fetch, 'POST', '/api/tenant/robots')
    expect(await post!.json()).toEqual({ name: 'Robô Gama', description: 'Scalper de índice.', platform: 'MT5', active: true, trialDays: 7, logoUrl: '' })
    const [upload] = requestsTo(fetch, 'POST', `/api/tenant/robots/${created.id}/upload-logo`)
    expect(upload!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(upload!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    const fields = await formFieldsOf(upload!)
    expect(Object.keys(fields)).toEqual(['logo'])
    expect(fields.logo).toHaveProperty('type', 'image/png')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('refuses a logo of the wrong type or over 5 MB before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false })
    renderPage()
    const dialog = await openNew()
    await user.upload(within(dialog).getByLabelText('Logo'), fileOf('logo.gif', 'image/gif'))
    expect(await within(dialog).findByText('Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP')).toBeInTheDocument()
    await user.upload(within(dialog).getByLabelText('Logo'), fileOf('logo.png', 'image/png', 5 * 1024 * 1024 + 1))
    expect(await within(dialog).findByText('Arquivo muito grande. Tamanho máximo: 5MB')).toBeInTheDocument()
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
  })

  it("keeps the created robot when its logo fails: 'Robô criado, mas falha no upload do logo', and closes", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'POST /api/tenant/robots': () => Response.json(created, { status: 201 }),
      [`POST /api/tenant/robots/${created.id}/upload-logo`]: () => errorBody(413, 'Arquivo muito grande. Tamanho máximo: 5MB'),
    })
    const dialog = await openNew()
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Robô Gama')
    await user.upload(within(dialog).getByLabelText('Logo'), fileOf('gama.webp', 'image/webp'))
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Robô criado, mas falha no upload do logo')).toBeInTheDocument()
    expect(screen.getByText(/Arquivo muito grande\. Tamanho máximo: 5MB Adicione o logo depois/)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The list is fetched again: the new robot shows.
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/robots').length).toBeGreaterThan(1))
  })

  it("puts the server's field errors under the inputs and titles the toast 'Erro ao criar robô'", async () => {
    const user = userEvent.setup()
    renderPage({ 'POST /api/tenant/robots': () => errorBody(400, 'Dados inválidos', { name: 'Nome deve ter no máximo 200 caracteres' }) })
    const dialog = await openNew()
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Robô Gama')
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar robô')).toBeInTheDocument()
    expect(within(dialog).getByText('Nome deve ter no máximo 200 caracteres')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('edits a robot without touching its logo, and can deactivate it and change its trial length', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH /api/tenant/robots/${alpha.id}`]: () => Response.json({ ...alpha, active: false }) })
    await user.click(within(await rowOf('Robô Alpha')).getByRole('button', { name: 'Editar Robô Alpha' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Robô Alpha')
    expect(within(dialog).getByRole('img', { name: 'Logo Robô Alpha' })).toHaveAttribute('src', alpha.logoUrl)
    await user.click(within(dialog).getByLabelText('Ativo'))
    const trial = within(dialog).getByLabelText(/^Período de teste/)
    await user.clear(trial)
    await user.type(trial, '91')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('O período de teste deve ficar entre 1 e 90 dias')).toBeInTheDocument()
    await user.clear(trial)
    await user.type(trial, '14')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Robô atualizado')).toBeInTheDocument()
    const [patch] = requestsTo(fetch, 'PATCH', `/api/tenant/robots/${alpha.id}`)
    expect(await patch!.json()).toEqual({ name: 'Robô Alpha', description: 'Segue a tendência no M15.', platform: 'MT5', active: false, trialDays: 14 })
  })

  it('removes the logo on edit by sending a blank logo URL', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH /api/tenant/robots/${alpha.id}`]: () => Response.json({ ...alpha, logoUrl: null }) })
    await user.click(within(await rowOf('Robô Alpha')).getByRole('button', { name: 'Editar Robô Alpha' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Remover logo' }))
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Robô atualizado')
    const [patch] = requestsTo(fetch, 'PATCH', `/api/tenant/robots/${alpha.id}`)
    expect(await patch!.json()).toMatchObject({ logoUrl: '' })
  })

  it("uploads a new logo first on edit; a refused upload says 'Erro ao fazer upload do logo' and saves nothing else", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      [`POST /api/tenant/robots/${alpha.id}/upload-logo`]: () =>
        errorBody(400, 'Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP', { logo: 'Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP' }),
    })
    await user.click(within(await rowOf('Robô Alpha')).getByRole('button', { name: 'Editar Robô Alpha' }))
    const dialog = await screen.findByRole('dialog')
    await user.upload(within(dialog).getByLabelText('Logo'), fileOf('falso.png', 'image/png'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao fazer upload do logo')).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP')
    expect(requestsTo(fetch, 'PATCH', `/api/tenant/robots/${alpha.id}`)).toHaveLength(0)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("titles a failed edit 'Erro ao atualizar robô'", async () => {
    const user = userEvent.setup()
    renderPage({ [`PATCH /api/tenant/robots/${alpha.id}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await user.click(within(await rowOf('Robô Alpha')).getByRole('button', { name: 'Editar Robô Alpha' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar robô')).toBeInTheDocument()
  })

  it('shows a Suporte owner the robots, their versions and webhooks, without creating, importing or editing', async () => {
    renderPage({}, 'support')
    const row = await rowOf('Robô Alpha')
    expect(within(row).getByRole('link', { name: 'Versões de Robô Alpha' })).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Hotmart de Robô Alpha' })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Editar Robô Alpha' })).not.toBeInTheDocument()
    expect(within(row).queryByRole('link', { name: 'Página de vendas de Robô Alpha' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Novo Robô' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Importar Robô' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fábrica de Robôs' })).toBeInTheDocument()
  })
})
