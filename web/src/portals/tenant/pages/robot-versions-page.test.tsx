import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navigate, Route } from 'react-router-dom'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { activeVersion, alpha, alphaInstallations, alphaLicenseSettings, alphaSeatPolicy, alphaVersions, fileOf, formFieldsOf, olderVersion } from '@/features/tenant-catalog/test-support'
import { TenantRobotVersionsPage } from './robot-versions-page'

const base = `/api/tenant/robots/${alpha.id}`

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      [`GET ${base}/versions`]: () => Response.json(alphaVersions()),
      [`GET ${base}/license`]: () => Response.json(alphaLicenseSettings),
      [`GET ${base}/seat-policy`]: () => Response.json(alphaSeatPolicy),
      [`GET ${base}/shared-build-clients`]: () => Response.json(sharedBuildClients),
      [`GET ${base}/installations-by-version`]: () => Response.json(alphaInstallations),
      ...handlers,
    }),
  )
  renderWithProviders(<Navigate to={`/robots/${alpha.id}/versions`} />, {
    queryData: [signedInOwner(role)],
    path: '/',
    routes: <Route path="/robots/:robotId/versions" element={<TenantRobotVersionsPage />} />,
  })
  return fetch
}

const sharedBuildClients = {
  items: [{ licenseId: '0190c0de-0000-7000-8000-0000000000d1', clientId: null, clientName: 'Carla Cliente Souza', clientEmail: 'carla@ex.com', buildStatus: 'queued' }],
}
const leakTrace = {
  buildId: '0190c0de-0000-7000-8000-0000000000e1',
  buildMark: '5f3c9a0e1b2d4c6e8f0a1b2c3d4e5f60',
  buildStatus: 'ready',
  builtAt: '2025-03-10T12:00:00Z',
  readyAt: '2025-03-10T12:01:30Z',
  revokedAt: null,
  version: '1.2.0',
  licenseId: '0190c0de-0000-7000-8000-0000000000d1',
  licenseStatus: 'active',
  accountNumber: null,
  clientId: null,
  clientName: 'Carla Cliente Souza',
  clientEmail: 'carla@ex.com',
  downloads: [],
}

const rowOf = async (version: string) => (await screen.findByText(version, { selector: 'td div' })).closest('tr')!
const uploadForm = () => screen.getByRole('form', { name: 'Enviar nova versão' })

// jsdom has no object URLs: the download tests lend them and put back whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
afterEach(() => {
  URL.createObjectURL = objectUrls.create
  URL.revokeObjectURL = objectUrls.revoke
  vi.restoreAllMocks()
})

describe('tenant robot versions page', { timeout: 30_000 }, () => {
  it('shows the robot, its versions (active marked) with file, size, date, notes and SHA-256, and a way back', async () => {
    renderPage()
    expect(await screen.findByText('Robô Alpha · versão ativa v1.2.0')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Versões do Robô' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para robôs' })).toHaveAttribute('href', '/robots')

    const active = await rowOf('1.2.0')
    expect(within(active).getByText('Ativa')).toBeInTheDocument()
    expect(within(active).getByText('alpha-1.2.0.ex5')).toBeInTheDocument()
    expect(within(active).getByText('1,5 KB')).toBeInTheDocument()
    expect(within(active).getByText(/^10\/03\/2025 \d\d:30$/)).toBeInTheDocument()
    expect(within(active).getByText('Filtro de horário.')).toBeInTheDocument()
    expect(within(active).getByTitle(activeVersion.sha256)).toHaveTextContent('9f86d081884c…')
    expect(within(active).queryByRole('button', { name: /^Ativar/ })).not.toBeInTheDocument()

    const older = await rowOf('1.0.0')
    expect(within(older).getByText('2,5 MB')).toBeInTheDocument()
    expect(within(older).getByRole('button', { name: 'Ativar versão 1.0.0' })).toBeInTheDocument()
    for (const header of ['Versão', 'Arquivo', 'Tamanho', 'Enviado em', 'Notas', 'SHA-256']) {
      expect(within(screen.getByRole('table', { name: 'Versões' })).getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it('marks the license check each version carries, explaining it on hover', async () => {
    renderPage({
      [`GET ${base}/versions`]: () =>
        Response.json({ ...alphaVersions(), versions: [activeVersion, olderVersion, { ...olderVersion, id: '0190c0de-0000-7000-8000-0000000000c0', version: '0.9.0', licenseProtocol: null }] }),
    })
    const v2 = within(await rowOf('1.2.0')).getByText('Licença v2')
    expect(v2).toHaveAttribute('title', expect.stringContaining('chave pública'))
    const v1 = within(await rowOf('1.0.0')).getByText('Licença v1 — recompile')
    expect(v1).toHaveClass('text-amber-500')
    expect(v1).toHaveAttribute('title', expect.stringContaining('Importe o .mq5 de novo'))
    const none = within(await rowOf('0.9.0')).getByText('Sem verificação de licença')
    expect(none).toHaveAttribute('title', expect.stringContaining('.ex5 enviado pronto'))
    expect(none).toHaveClass('text-amber-500')
    // Only the unchecked upload suggests importing the source, which injects the check.
    const suggestion = within(await rowOf('0.9.0')).getByRole('link', { name: 'Importar o .mq5 para a versão 0.9.0 ter verificação de licença' })
    expect(suggestion).toHaveAttribute('href', '/robots/import')
    expect(within(await rowOf('1.2.0')).queryByRole('link', { name: /Importar o \.mq5/ })).not.toBeInTheDocument()
  })

  it('warns, where an .ex5 is uploaded, that it carries no license check and links to importing the .mq5', async () => {
    renderPage()
    const notice = await screen.findByRole('note', { name: 'Versões enviadas prontas não verificam a licença' })
    expect(notice).toHaveTextContent('Um .ex5 enviado pronto fica sem verificação de licença')
    expect(notice).toHaveTextContent('importe o código-fonte (.mq5)')
    expect(within(notice).getByRole('link', { name: 'Importar o .mq5' })).toHaveAttribute('href', '/robots/import')
  })

  it('marks a version that loads a DLL, and says which compile job made a compiled one, with its source hash on hover', async () => {
    renderPage({
      [`GET ${base}/versions`]: () => Response.json({ ...alphaVersions(), versions: [{ ...activeVersion, loadsDll: true }, olderVersion] }),
    })
    const compiled = await rowOf('1.2.0')
    expect(within(compiled).getByText('Carrega DLL')).toHaveAttribute('title', expect.stringContaining('a página de vendas avisa os compradores'))
    const origin = within(compiled).getByText(/^Gerado pela compilação/)
    expect(origin).toHaveTextContent(/^Gerado pela compilação 5c1d7e9a$/)
    expect(origin).toHaveAttribute('title', `SHA-256 do código-fonte: ${activeVersion.sourceSha256}`)

    const uploaded = await rowOf('1.0.0')
    expect(within(uploaded).queryByText('Carrega DLL')).not.toBeInTheDocument()
    expect(within(uploaded).queryByText(/^Gerado pela compilação/)).not.toBeInTheDocument()
  })

  it("shows the robot's license settings under its versions", async () => {
    renderPage()
    expect(await screen.findByRole('heading', { level: 2, name: 'Licença' })).toBeInTheDocument()
    expect(await screen.findByText(alphaLicenseSettings.publicKey)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Tolerância sem servidor/)).toHaveValue(72)
  })

  it('copies the whole SHA-256', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(within(await rowOf('1.2.0')).getByRole('button', { name: 'Copiar SHA-256 da versão 1.2.0' }))
    expect(await navigator.clipboard.readText()).toBe(activeVersion.sha256)
  })

  it("says 'Erro ao carregar versões' with the server's text and a retry", async () => {
    renderPage({ [`GET ${base}/versions`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    expect(await screen.findByText('Erro ao carregar versões')).toBeInTheDocument()
    expect(screen.getByText('Servidor ocupado, tente novamente.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })

  it("says 'Robô não encontrado' for another tenant's robot", async () => {
    renderPage({ [`GET ${base}/versions`]: () => errorBody(404, 'Robô não encontrado') })
    expect(await screen.findByText('Robô não encontrado')).toBeInTheDocument()
    expect(screen.getByText('Este robô não existe ou não pertence à sua conta.')).toBeInTheDocument()
  })

  it('prefills the upload with the suggested version and validates major, minor, patch and the file', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const fetch = renderPage()
    await screen.findByText('Robô Alpha · versão ativa v1.2.0')
    const form = uploadForm()
    expect(within(form).getByLabelText(/^Principal/)).toHaveValue(2)
    expect(within(form).getByLabelText('Secundária')).toHaveValue(0)
    expect(within(form).getByLabelText('Correção')).toHaveValue(0)

    await user.clear(within(form).getByLabelText(/^Principal/))
    await user.clear(within(form).getByLabelText('Secundária'))
    await user.type(within(form).getByLabelText('Secundária'), '1000')
    await user.click(within(form).getByRole('button', { name: 'Enviar Versão' }))
    expect(await within(form).findByText('Obrigatório')).toBeInTheDocument()
    expect(within(form).getByText('Máximo 3 dígitos')).toBeInTheDocument()
    expect(within(form).getByText('Arquivo é obrigatório')).toBeInTheDocument()

    await user.upload(within(form).getByLabelText(/^Arquivo/), fileOf('robo.mq5', 'text/plain'))
    await user.click(within(form).getByRole('button', { name: 'Enviar Versão' }))
    expect(await within(form).findByText('Arquivo inválido: envie o robô compilado (.ex5) ou um .zip')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `${base}/versions/upload`)).toHaveLength(0)
  })

  it("uploads the file with 'M.m.p' (blank minor and patch as 0) and notes, and toasts 'Versão enviada'", async () => {
    const user = userEvent.setup()
    const uploaded = { ...olderVersion, id: '0190c0de-0000-7000-8000-0000000000c3', version: '3.0.0', active: false }
    const fetch = renderPage({ [`POST ${base}/versions/upload`]: () => Response.json(uploaded, { status: 201 }) })
    await screen.findByText('Robô Alpha · versão ativa v1.2.0')
    const form = uploadForm()
    await user.clear(within(form).getByLabelText(/^Principal/))
    await user.type(within(form).getByLabelText(/^Principal/), '3')
    await user.clear(within(form).getByLabelText('Secundária'))
    await user.clear(within(form).getByLabelText('Correção'))
    await user.upload(within(form).getByLabelText(/^Arquivo/), fileOf('alpha-3.ex5', 'application/octet-stream'))
    await user.type(within(form).getByLabelText('Notas'), 'Novo stop móvel.')
    await user.click(within(form).getByRole('button', { name: 'Enviar Versão' }))

    expect(await screen.findByText('Versão enviada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', `${base}/versions/upload`)
    expect(request!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(request!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    const fields = await formFieldsOf(request!)
    expect(fields.version).toBe('3.0.0')
    expect(fields.notes).toBe('Novo stop móvel.')
    expect(fields.file).toHaveProperty('type', 'application/octet-stream')
    // The list is fetched again (the new version, and maybe a new suggestion).
    await waitFor(() => expect(requestsTo(fetch, 'GET', `${base}/versions`).length).toBeGreaterThan(1))
  })

  it("puts a version already sent under the number, titled 'Erro ao fazer upload'", async () => {
    const user = userEvent.setup()
    const taken = 'Esta versão já foi enviada. Use outro número de versão.'
    renderPage({ [`POST ${base}/versions/upload`]: () => errorBody(400, taken, { version: taken }) })
    await screen.findByText('Robô Alpha · versão ativa v1.2.0')
    const form = uploadForm()
    await user.upload(within(form).getByLabelText(/^Arquivo/), fileOf('alpha.ex5', 'application/octet-stream'))
    await user.click(within(form).getByRole('button', { name: 'Enviar Versão' }))
    expect(await screen.findByText('Erro ao fazer upload')).toBeInTheDocument()
    const message = within(form).getByText(taken)
    expect(within(form).getByLabelText(/^Principal/)).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })

  it("shows the server's message when the tenant's storage is full (413), in the toast and under the file", async () => {
    const user = userEvent.setup()
    const full = 'Limite de armazenamento atingido: 499,8 MB de 500,0 MB usados. Remova versões ou arquivos antigos, ou peça ao administrador da plataforma para aumentar o limite.'
    renderPage({ [`POST ${base}/versions/upload`]: () => errorBody(413, full) })
    await screen.findByText('Robô Alpha · versão ativa v1.2.0')
    const form = uploadForm()
    await user.upload(within(form).getByLabelText(/^Arquivo/), fileOf('alpha.ex5', 'application/octet-stream'))
    await user.click(within(form).getByRole('button', { name: 'Enviar Versão' }))
    expect(await screen.findByText('Erro ao fazer upload')).toBeInTheDocument()
    const messages = screen.getAllByText(full)
    expect(messages).toHaveLength(2)
    const underFile = messages.find((message) => message.dataset.slot === 'form-message')!
    expect(within(form).getByLabelText(/^Arquivo/)).toHaveAttribute('aria-describedby', expect.stringContaining(underFile.id))
  })

  it('activates another version after confirmation', async () => {
    const user = userEvent.setup()
    const after = { ...alphaVersions(), activeVersion: '1.0.0', versions: [{ ...activeVersion, active: false }, { ...olderVersion, active: true }] }
    let current: object = alphaVersions()
    const fetch = renderPage({
      [`GET ${base}/versions`]: () => Response.json(current),
      [`PATCH ${base}/active-version`]: () => {
        current = after
        return Response.json(after)
      },
    })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Ativar versão 1.0.0' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Ativar versão 1.0.0')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }))
    expect(await screen.findByText('Versão ativada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `${base}/active-version`)
    expect(await request!.json()).toEqual({ version: '1.0.0' })
    expect(await screen.findByText('Robô Alpha · versão ativa v1.0.0')).toBeInTheDocument()
    expect(within(await rowOf('1.0.0')).getByText('Ativa')).toBeInTheDocument()
  })

  it('says in the activation toast how many buyers get the "Nova versão" e-mail, or why none do', async () => {
    const user = userEvent.setup()
    const announcement = { status: 'not_configured', buyers: 2, message: 'Aviso de nova versão para 2 compradores: não enviado: remetente não configurado.' }
    renderPage({ [`PATCH ${base}/active-version`]: () => Response.json({ ...alphaVersions(), announcement }) })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Ativar versão 1.0.0' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/recebem o e-mail “Nova versão”/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }))
    expect(await screen.findByText(/não enviado: remetente não configurado/)).toBeInTheDocument()
  })

  it('withdraws a version that is not active after a confirmation saying robots running it stop', async () => {
    const user = userEvent.setup()
    const withdrawnAt = '2025-03-12T10:00:00Z'
    let current: object = alphaVersions()
    const fetch = renderPage({
      [`GET ${base}/versions`]: () => Response.json(current),
      [`POST ${base}/versions/${olderVersion.id}/withdraw`]: () => {
        current = { ...alphaVersions(), versions: [activeVersion, { ...olderVersion, withdrawnAt }] }
        return Response.json({ ...olderVersion, withdrawnAt })
      },
    })
    const active = await rowOf('1.2.0')
    expect(within(active).queryByRole('button', { name: /^Retirar versão/ })).not.toBeInTheDocument()
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Retirar versão 1.0.0' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/param na próxima verificação da licença, com a mensagem para baixar a nova versão \(1\.2\.0\)/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Retirar versão' }))
    expect(await screen.findByText('Versão retirada')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `${base}/versions/${olderVersion.id}/withdraw`)).toHaveLength(1)
    const older = await rowOf('1.0.0')
    expect(await within(older).findByText('Retirada')).toBeInTheDocument()
    // A withdrawn version is restored, not activated.
    expect(within(older).queryByRole('button', { name: 'Ativar versão 1.0.0' })).not.toBeInTheDocument()
    expect(within(older).getByRole('button', { name: 'Restaurar versão 1.0.0' })).toBeInTheDocument()
  })

  it("restores a withdrawn version, and shows the server's refusal of a withdrawal", async () => {
    const user = userEvent.setup()
    const withdrawn = { ...olderVersion, withdrawnAt: '2025-03-12T10:00:00Z' }
    const fetch = renderPage({
      [`GET ${base}/versions`]: () => Response.json({ ...alphaVersions(), versions: [activeVersion, withdrawn] }),
      [`POST ${base}/versions/${olderVersion.id}/restore`]: () => Response.json(olderVersion),
    })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Restaurar versão 1.0.0' }))
    expect(await screen.findByText('Versão restaurada')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', `${base}/versions/${olderVersion.id}/restore`)).toHaveLength(1)
  })

  it("titles a refused withdrawal 'Erro ao retirar versão' with the server's text", async () => {
    const user = userEvent.setup()
    const refusal = 'Esta é a versão ativa, a que os clientes baixam. Ative outra versão antes de retirar esta.'
    renderPage({ [`POST ${base}/versions/${olderVersion.id}/withdraw`]: () => errorBody(422, refusal) })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Retirar versão 1.0.0' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirar versão' }))
    expect(await screen.findByText('Erro ao retirar versão')).toBeInTheDocument()
    expect(screen.getByText(refusal)).toBeInTheDocument()
  })

  it('shows how many installations run each version, and those of an unknown version apart', async () => {
    renderPage()
    expect(within(await rowOf('1.2.0')).getByText('3 instalações nos últimos 30 dias')).toBeInTheDocument()
    expect(within(await rowOf('1.0.0')).getByText('1 instalação nos últimos 30 dias')).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Instalações por versão' })
    const table = await within(card).findByRole('table', { name: 'Instalações por versão' })
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent)
    expect(rows).toEqual(['1.2.03', '1.0.01', 'Versão desconhecida2'])
  })

  it("says 'Erro ao ativar versão' when the activation fails", async () => {
    const user = userEvent.setup()
    renderPage({ [`PATCH ${base}/active-version`]: () => errorBody(400, 'Versão não encontrada', { version: 'Versão não encontrada' }) })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Ativar versão 1.0.0' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ativar' }))
    expect(await screen.findByText('Erro ao ativar versão')).toBeInTheDocument()
  })

  it('edits the notes as JSON', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH ${base}/versions/${olderVersion.id}`]: () => Response.json({ ...olderVersion, notes: 'Primeira versão.' }) })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Editar versão 1.0.0' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Notas'), 'Primeira versão.')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Notas atualizadas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `${base}/versions/${olderVersion.id}`)
    expect(request!.headers.get('Content-Type')).toBe('application/json')
    expect(await request!.json()).toEqual({ notes: 'Primeira versão.' })
  })

  it("replaces the file as multipart, and titles a failure 'Erro ao atualizar versão'", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH ${base}/versions/${activeVersion.id}`]: () => errorBody(413, 'Arquivo muito grande. Tamanho máximo: 50MB') })
    await user.click(within(await rowOf('1.2.0')).getByRole('button', { name: 'Editar versão 1.2.0' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Notas')).toHaveValue('Filtro de horário.')
    await user.upload(within(dialog).getByLabelText('Substituir arquivo'), fileOf('alpha-fix.zip', 'application/zip'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar versão')).toBeInTheDocument()
    expect(screen.getByText('Arquivo muito grande. Tamanho máximo: 50MB')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `${base}/versions/${activeVersion.id}`)
    expect(request!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
    const fields = await formFieldsOf(request!)
    expect(fields.notes).toBe('Filtro de horário.')
    expect(fields.file).toHaveProperty('type', 'application/zip')
  })

  it("titles a failed notes edit 'Erro ao atualizar notas'", async () => {
    const user = userEvent.setup()
    renderPage({ [`PATCH ${base}/versions/${olderVersion.id}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Editar versão 1.0.0' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar notas')).toBeInTheDocument()
  })

  it("downloads a version through the API client (not a plain link) under the server's file name", async () => {
    const user = userEvent.setup()
    URL.createObjectURL = vi.fn(() => 'blob:rf-version')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const fetch = renderPage({
      [`GET ${base}/versions/${olderVersion.id}/download`]: () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="alpha.zip"; filename*=UTF-8''alpha%20v1.zip` },
        }),
    })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Baixar versão 1.0.0' }))
    expect(await screen.findByText('Download iniciado')).toBeInTheDocument()
    expect(saved).toEqual(['alpha v1.zip'])
    expect(requestsTo(fetch, 'GET', `${base}/versions/${olderVersion.id}/download`)).toHaveLength(1)
  })

  it("says 'Erro ao baixar arquivo' when the download fails", async () => {
    const user = userEvent.setup()
    renderPage({ [`GET ${base}/versions/${olderVersion.id}/download`]: () => errorBody(404, 'Versão não encontrada') })
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Baixar versão 1.0.0' }))
    expect(await screen.findByText('Erro ao baixar arquivo')).toBeInTheDocument()
    expect(screen.getByText('Versão não encontrada')).toBeInTheDocument()
  })

  it('shows a Suporte owner the versions to download and the license settings to read, with nothing to change', async () => {
    renderPage({}, 'support')
    const active = await rowOf('1.2.0')
    expect(within(active).getByRole('button', { name: 'Baixar versão 1.2.0' })).toBeInTheDocument()
    expect(within(active).queryByRole('button', { name: 'Editar versão 1.2.0' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Ativar versão/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Retirar versão/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 2, name: 'Enviar nova versão' })).not.toBeInTheDocument()
    expect(await screen.findByLabelText(/^Tolerância sem servidor/)).toBeDisabled()
    const license = screen.getByRole('form', { name: 'Configurações de licença' })
    expect(within(license).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
  })

  describe('Cópias pessoais', () => {
    it('lists the clients of a compiled robot still on the shared file, and traces a found .ex5', async () => {
      const user = userEvent.setup()
      const fetch = renderPage({ [`POST ${base}/leak-trace`]: () => Response.json(leakTrace) })
      const section = await screen.findByRole('region', { name: 'Cópias pessoais' })
      const table = within(section).getByRole('table', { name: 'Clientes na cópia padrão' })
      expect(await within(table).findByText('Carla Cliente Souza')).toBeInTheDocument()
      expect(within(table).getByText('Na fila')).toBeInTheDocument()

      await user.upload(within(section).getByLabelText('Arquivo .ex5 encontrado'), fileOf('achado.ex5', 'application/octet-stream'))
      await user.click(within(section).getByRole('button', { name: 'Rastrear vazamento' }))
      const result = await within(section).findByRole('region', { name: 'Resultado do rastreamento' })
      expect(result).toHaveTextContent('Este arquivo é a cópia pessoal de Carla Cliente Souza.')
      expect(within(result).getByRole('button', { name: 'Revogar esta cópia' })).toBeInTheDocument()
      expect(requestsTo(fetch, 'POST', `${base}/leak-trace`)).toHaveLength(1)
    })

    it('lets a Suporte owner revoke a copy (ManageLicenses), a Financeiro owner only trace it', async () => {
      const user = userEvent.setup()
      renderPage({ [`POST ${base}/leak-trace`]: () => Response.json(leakTrace) }, 'support')
      const section = await screen.findByRole('region', { name: 'Cópias pessoais' })
      await user.upload(within(section).getByLabelText('Arquivo .ex5 encontrado'), fileOf('achado.ex5', 'application/octet-stream'))
      await user.click(within(section).getByRole('button', { name: 'Rastrear vazamento' }))
      expect(await within(section).findByRole('button', { name: 'Revogar esta cópia' })).toBeInTheDocument()
      cleanup()

      renderPage({ [`POST ${base}/leak-trace`]: () => Response.json(leakTrace) }, 'financial')
      const readOnly = await screen.findByRole('region', { name: 'Cópias pessoais' })
      await user.upload(within(readOnly).getByLabelText('Arquivo .ex5 encontrado'), fileOf('achado.ex5', 'application/octet-stream'))
      await user.click(within(readOnly).getByRole('button', { name: 'Rastrear vazamento' }))
      const result = await within(readOnly).findByRole('region', { name: 'Resultado do rastreamento' })
      expect(within(result).queryByRole('button', { name: 'Revogar esta cópia' })).not.toBeInTheDocument()
    })

    it('says a robot uploaded as .ex5 has no personal copies, and asks nothing about them', async () => {
      const fetch = renderPage({ [`GET ${base}/versions`]: () => Response.json({ ...alphaVersions(), versions: [{ ...olderVersion, active: true }] }) })
      const section = await screen.findByRole('region', { name: 'Cópias pessoais' })
      expect(section).toHaveTextContent(
        'Robôs enviados como .ex5 não têm cópias pessoais: a plataforma não tem o código-fonte para compilar uma cópia por licença.',
      )
      expect(within(section).queryByRole('button', { name: 'Rastrear vazamento' })).not.toBeInTheDocument()
      expect(requestsTo(fetch, 'GET', `${base}/shared-build-clients`)).toHaveLength(0)
    })
  })
})
