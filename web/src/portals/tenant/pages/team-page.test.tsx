import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'react-router-dom'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import type { TeamMember } from '@/features/tenant-access/api/team'
import { ownerSession, signedInOwner } from '@/features/tenant-access/test-support'
import { TENANT_SECRET_KEY } from '@/lib/api/tenant-context'
import { mockFetch, renderWithProviders } from '@/test/render'
import { TenantTeamPage } from './team-page'

const INVITE_LINK = `http://127.0.0.1:18080/tenant/convite?token=${'a'.repeat(32)}.${'b'.repeat(64)}`

beforeAll(polyfillRadixSelect)

const me = ownerSession('admin').user

const olivia: TeamMember = {
  id: me.id,
  name: me.name,
  email: me.email,
  role: 'admin',
  active: true,
  emailVerified: true,
  invitationPending: false,
  invitedAt: null,
  createdAt: '2025-01-10T12:00:00Z',
}
const sergio: TeamMember = {
  id: '0190c0de-0000-7000-8000-0000000000b1',
  name: 'Sérgio Lima',
  email: 'sergio@loja.com',
  role: 'support',
  active: true,
  emailVerified: false,
  invitationPending: true,
  invitedAt: '2025-03-02T12:00:00Z',
  createdAt: '2025-03-02T12:00:00Z',
}
const fatima: TeamMember = {
  id: '0190c0de-0000-7000-8000-0000000000b2',
  name: 'Fátima Reis',
  email: 'fatima@loja.com',
  role: 'financial',
  active: false,
  emailVerified: true,
  invitationPending: false,
  invitedAt: null,
  createdAt: '2025-02-01T12:00:00Z',
}

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(apiRoutes({ 'GET /api/tenant/team': () => Response.json([olivia, sergio, fatima]), ...handlers }))
  renderWithProviders(<TenantTeamPage />, {
    queryData: [signedInOwner('admin')],
    path: '/team',
    routes: <Route path="/login" element={<p>tela de login</p>} />,
  })
  return fetch
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!

describe('tenant team page', { timeout: 30_000 }, () => {
  it('lists the owners with their role, whether they are active, a pending invitation and a verified e-mail', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Equipe' })).toBeInTheDocument()
    const self = await rowOf('Olívia Owner')
    expect(self).toHaveTextContent('(você)')
    expect(within(self).getByRole('combobox', { name: 'Perfil de Olívia Owner' })).toHaveTextContent('Administrador')
    expect(within(self).getByText('E-mail verificado')).toBeInTheDocument()
    expect(within(self).queryByText('Convite pendente')).not.toBeInTheDocument()

    const invited = await rowOf('Sérgio Lima')
    expect(within(invited).getByText('sergio@loja.com')).toBeInTheDocument()
    expect(within(invited).getByRole('combobox', { name: 'Perfil de Sérgio Lima' })).toHaveTextContent('Suporte')
    expect(within(invited).getByText('Convite pendente')).toBeInTheDocument()
    expect(within(invited).queryByText('E-mail verificado')).not.toBeInTheDocument()
    expect(within(invited).getByRole('button', { name: 'Reenviar convite para Sérgio Lima' })).toBeInTheDocument()

    const inactive = await rowOf('Fátima Reis')
    expect(within(inactive).getByRole('combobox', { name: 'Perfil de Fátima Reis' })).toHaveTextContent('Financeiro')
    expect(within(inactive).getByText('Inativo')).toBeInTheDocument()
    expect(within(inactive).getByRole('button', { name: 'Reativar Fátima Reis' })).toBeInTheDocument()
  })

  it("shows the server's message when the list is refused (403)", async () => {
    const refusal = 'Seu perfil (Suporte) não permite esta ação. Peça a um administrador da conta.'
    renderPage({ 'GET /api/tenant/team': () => errorBody(403, refusal) })
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    expect(screen.getByText('Erro ao carregar a equipe')).toBeInTheDocument()
  })

  it('invites an owner by name, e-mail and role, after checking all three', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'POST /api/tenant/team': () => Response.json({ ...sergio, name: 'Ana Costa', email: 'ana@loja.com', emailNotSent: null, inviteLink: INVITE_LINK }, { status: 201 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Convidar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Convidar para a equipe' })
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('E-mail é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Escolha um perfil')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/team')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText(/^Nome/), ' Ana Costa ')
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'ana@loja.com')
    await choose(/^Perfil/, 'Suporte', dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findByText('Convite enviado para ana@loja.com')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/team')
    expect(await request!.json()).toEqual({ name: 'Ana Costa', email: 'ana@loja.com', role: 'support' })
    // The link too, whole, since the e-mail cannot be assumed to arrive.
    await user.click(within(dialog).getByRole('button', { name: 'Copiar link do convite' }))
    expect(await navigator.clipboard.readText()).toBe(INVITE_LINK)
    expect(within(dialog).getByText(/Funciona uma única vez, por 7 dias/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/team')).toHaveLength(2))
  })

  it("puts the server's field message under the e-mail when it is taken", async () => {
    const user = userEvent.setup()
    const taken = 'Já existe um usuário da equipe com este e-mail'
    renderPage({ 'POST /api/tenant/team': () => errorBody(400, 'Dados inválidos', { email: taken }) })
    await user.click(await screen.findByRole('button', { name: 'Convidar' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Sérgio Lima')
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'sergio@loja.com')
    await choose(/^Perfil/, 'Financeiro', dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findByText(taken)).toBeInTheDocument()
    expect(screen.getByText('Erro ao enviar convite')).toBeInTheDocument()
  })

  it("changes a member's role in place", async () => {
    const fetch = renderPage({ [`PATCH /api/tenant/team/${sergio.id}`]: () => Response.json({ ...sergio, role: 'financial' }) })
    await choose('Perfil de Sérgio Lima', 'Financeiro', await rowOf('Sérgio Lima'))
    expect(await screen.findByText('Sérgio Lima agora é Financeiro.')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/team/${sergio.id}`)
    expect(await request!.json()).toEqual({ role: 'financial' })
  })

  it("shows the server's refusal to demote the last active admin (409), and the role stays", async () => {
    const lastAdmin = 'A conta precisa de pelo menos um administrador ativo. Promova outra pessoa antes de mudar este perfil.'
    const fetch = renderPage({ [`PATCH /api/tenant/team/${olivia.id}`]: () => errorBody(409, lastAdmin) })
    await choose('Perfil de Olívia Owner', 'Suporte', await rowOf('Olívia Owner'))
    expect(await screen.findByText(lastAdmin)).toBeInTheDocument()
    expect(screen.getByText('Erro ao alterar perfil')).toBeInTheDocument()
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/team')).toHaveLength(2))
    expect(screen.getByRole('combobox', { name: 'Perfil de Olívia Owner' })).toHaveTextContent('Administrador')
  })

  it('deactivates a member after a confirmation that says their sessions end now', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH /api/tenant/team/${sergio.id}`]: () => Response.json({ ...sergio, active: false }) })
    await user.click(within(await rowOf('Sérgio Lima')).getByRole('button', { name: 'Desativar Sérgio Lima' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Desativar Sérgio Lima?' })
    expect(dialog).toHaveTextContent('As sessões abertas dessa pessoa terminam agora')
    expect(requestsTo(fetch, 'PATCH', `/api/tenant/team/${sergio.id}`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }))
    expect(await screen.findByText('Acesso desativado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/team/${sergio.id}`)
    expect(await request!.json()).toEqual({ active: false })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('reactivates an inactive member after confirming', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`PATCH /api/tenant/team/${fatima.id}`]: () => Response.json({ ...fatima, active: true }) })
    await user.click(within(await rowOf('Fátima Reis')).getByRole('button', { name: 'Reativar Fátima Reis' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Reativar Fátima Reis?' })
    await user.click(within(dialog).getByRole('button', { name: 'Reativar' }))
    expect(await screen.findByText('Acesso reativado')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/team/${fatima.id}`)
    expect(await request!.json()).toEqual({ active: true })
  })

  it("shows the server's message when deactivating the last admin is refused", async () => {
    const user = userEvent.setup()
    const lastAdmin = 'A conta precisa de pelo menos um administrador ativo. Promova outra pessoa antes de mudar este perfil.'
    renderPage({ [`PATCH /api/tenant/team/${olivia.id}`]: () => errorBody(409, lastAdmin) })
    await user.click(within(await rowOf('Olívia Owner')).getByRole('button', { name: 'Desativar Olívia Owner' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Suas sessões terminam agora, esta inclusive')
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }))
    expect(await screen.findByText(lastAdmin)).toBeInTheDocument()
    expect(screen.getByText('Erro ao desativar')).toBeInTheDocument()
  })

  it('removes a member from the team after a confirmation that says their sessions end now', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ [`DELETE /api/tenant/team/${fatima.id}`]: () => new Response(null, { status: 204 }) })
    await user.click(within(await rowOf('Fátima Reis')).getByRole('button', { name: 'Remover Fátima Reis da equipe' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover Fátima Reis da equipe?' })
    expect(dialog).toHaveTextContent('As sessões abertas dessa pessoa terminam agora.')
    expect(dialog).toHaveTextContent('para voltar, só com um novo convite')
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }))
    expect(await screen.findByText('Removido da equipe')).toBeInTheDocument()
    expect(requestsTo(fetch, 'DELETE', `/api/tenant/team/${fatima.id}`)).toHaveLength(1)
  })

  it('says an invitation was created but its e-mail not sent when no sender is configured', async () => {
    const user = userEvent.setup()
    const notSent = 'E-mail não enviado: remetente não configurado. Configure o envio em Configurações → E-mails, ou envie o acesso ao comprador por outro meio.'
    renderPage({
      'POST /api/tenant/team': () =>
        Response.json({ ...sergio, name: 'Ana Costa', email: 'ana@loja.com', emailNotSent: notSent, inviteLink: INVITE_LINK }, { status: 201 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Convidar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Convidar para a equipe' })
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Ana Costa')
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'ana@loja.com')
    await choose(/^Perfil/, 'Suporte', dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findByText('Convite não enviado')).toBeInTheDocument()
    expect(within(dialog).getByText(notSent)).toBeInTheDocument()
    expect(screen.queryByText(/Convite enviado/)).not.toBeInTheDocument()
    expect(within(dialog).getByDisplayValue(INVITE_LINK)).toBeInTheDocument()
  })

  it('sends the invitation again, and says so when it was accepted meanwhile (409)', async () => {
    const user = userEvent.setup()
    let accepted = false
    const fetch = renderPage({
      [`POST /api/tenant/team/${sergio.id}/resend-invitation`]: () =>
        accepted ? errorBody(409, 'Este convite já foi aceito: a pessoa já criou a senha.') : Response.json({ ...sergio, inviteLink: INVITE_LINK }),
    })
    await user.click(within(await rowOf('Sérgio Lima')).getByRole('button', { name: 'Reenviar convite para Sérgio Lima' }))
    const resent = await screen.findByRole('dialog', { name: 'Novo convite para Sérgio Lima' })
    expect(within(resent).getByText('Convite enviado para sergio@loja.com')).toBeInTheDocument()
    await user.click(within(resent).getByRole('button', { name: 'Copiar link do convite' }))
    expect(await navigator.clipboard.readText()).toBe(INVITE_LINK)
    expect(requestsTo(fetch, 'POST', `/api/tenant/team/${sergio.id}/resend-invitation`)).toHaveLength(1)
    await user.click(within(resent).getByRole('button', { name: 'Concluir' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    accepted = true
    await user.click(within(await rowOf('Sérgio Lima')).getByRole('button', { name: 'Reenviar convite para Sérgio Lima' }))
    expect(await screen.findByText('Este convite já foi aceito: a pessoa já criou a senha.')).toBeInTheDocument()
  })

  it('rotates the security key after a warning, shows the new key once to copy, and leads to the login', async () => {
    const user = userEvent.setup()
    localStorage.setItem(TENANT_SECRET_KEY, 'chave-antiga')
    const fetch = renderPage({
      'POST /api/tenant/security-key/rotate': () => Response.json({ securityKey: 'c0ffee'.repeat(10) + 'abcd', securityKeyPrefix: 'c0ffee' }),
    })
    await user.click(await screen.findByRole('button', { name: 'Gerar nova chave' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Gerar nova chave de segurança?' })
    expect(confirm).toHaveTextContent('todas as pessoas da equipe, inclusive você, saem do portal e precisam entrar novamente com a nova chave')
    expect(requestsTo(fetch, 'POST', '/api/tenant/security-key/rotate')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Gerar nova chave' }))

    const shown = await screen.findByRole('alertdialog', { name: 'Nova chave de segurança' })
    expect(within(shown).getByTestId('new-security-key')).toHaveTextContent('c0ffee'.repeat(10) + 'abcd')
    expect(shown).toHaveTextContent('ela não será mostrada de novo')
    expect(within(shown).getByRole('button', { name: 'Copiar chave de segurança' })).toBeInTheDocument()
    // The session is over: the dialog stays until the owner leaves for the login.
    await user.keyboard('{Escape}')
    expect(screen.getByRole('alertdialog', { name: 'Nova chave de segurança' })).toBeInTheDocument()

    await user.click(within(shown).getByRole('button', { name: 'Entrar novamente' }))
    expect(await screen.findByText('tela de login')).toBeInTheDocument()
    expect(localStorage.getItem(TENANT_SECRET_KEY)).toBeNull()
  })

  it("keeps the current key and says so when the rotation fails", async () => {
    const user = userEvent.setup()
    renderPage({ 'POST /api/tenant/security-key/rotate': () => new Response('', { status: 502 }) })
    await user.click(await screen.findByRole('button', { name: 'Gerar nova chave' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Gerar nova chave' }))
    expect(await screen.findByText('Erro ao gerar nova chave')).toBeInTheDocument()
    expect(screen.getByText('A chave atual continua valendo. Tente novamente.')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog', { name: 'Nova chave de segurança' })).not.toBeInTheDocument()
  })
})
