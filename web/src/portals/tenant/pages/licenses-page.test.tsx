import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import type { OwnerRole } from '@/features/tenant-access/permissions'
import { signedInOwner } from '@/features/tenant-access/test-support'
import { apiRoutes, errorBody, page, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import {
  alphaLicense,
  beta,
  betaLicense,
  maria,
  pedro,
  refusedInstallation,
  robotsPage,
  validInstallation,
} from '@/features/tenant-clients/test-support'
import { TenantLicensesPage } from './licenses-page'

beforeAll(polyfillRadixSelect)

const orphan = { ...betaLicense, id: '0190c0de-0000-7000-8000-0000000000d3', clientId: null, clientName: null, clientEmail: null, robotId: null, robotName: null }

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}, role: OwnerRole = 'admin') {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/licenses': () => Response.json(page([{ ...alphaLicense, hold: 'dispute' }, betaLicense, orphan])),
      'GET /api/tenant/clients': () => Response.json(page([maria, pedro], { pageSize: 50 })),
      'GET /api/tenant/robots': () => Response.json(robotsPage()),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantLicensesPage />, { queryData: [signedInOwner(role)], path: '/licenses' })
  return fetch
}

const rowOf = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nova Licença' }))
  return screen.findByRole('dialog')
}

async function openRowAction(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }))
  return screen.findByRole('dialog')
}

describe('tenant licenses page', { timeout: 30_000 }, () => {
  it('lists the licenses with their status, expiration and active installations', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Licenças' })).toBeInTheDocument()
    const row = (await screen.findByText('Robô Alpha')).closest('tr')!
    expect(within(row).getByText('Maria Souza')).toBeInTheDocument()
    expect(within(row).getByText('maria@exemplo.com')).toBeInTheDocument()
    expect(within(row).getByText('12345678')).toBeInTheDocument()
    expect(within(row).getByText(/^(Expira|Expirou) em 10\/03\/2026$/)).toBeInTheDocument()
    expect(within(row).getByText('Ativa')).toBeInTheDocument()
    // Held by an open dispute: the owner reads why the robot refuses.
    expect(within(row).getByText('Suspensa: contestação')).toBeInTheDocument()
    // One of the two accounts that ran it lately holds no seat: the count is flagged.
    expect(within(row).getByTitle('Possível compartilhamento de licença')).toHaveTextContent('2')
    const trial = (await screen.findByText('Robô Beta')).closest('tr')!
    expect(within(trial).getByText('Teste')).toBeInTheDocument()
    expect(within(trial).queryByText(/^Suspensa/)).not.toBeInTheDocument()
    expect(within(trial).getByText('Não expira')).toBeInTheDocument()
    expect(within(trial).queryByTitle('Possível compartilhamento de licença')).not.toBeInTheDocument()
    const orphanRow = screen.getByText('Cliente não encontrado').closest('tr')!
    expect(within(orphanRow).getByText('Robô não encontrado')).toBeInTheDocument()
    for (const header of ['Cliente', 'Robô', 'Conta MT', 'Expiração', 'Status', 'Instalações']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
    }
  })

  it("says 'Erro ao carregar licenças' with the server's text when the list fails", async () => {
    renderPage({ 'GET /api/tenant/licenses': () => errorBody(500, 'Erro interno.') })
    expect(await screen.findByText('Erro ao carregar licenças')).toBeInTheDocument()
    expect(screen.getByText('Erro interno.')).toBeInTheDocument()
  })

  it('shows the empty text', async () => {
    renderPage({ 'GET /api/tenant/licenses': () => Response.json(page([])) })
    expect(await screen.findByText('Nenhuma licença encontrada')).toBeInTheDocument()
  })

  it('sends the search and the status filter to the server', async () => {
    const fetch = renderPage()
    await screen.findByText('Robô Alpha')
    await userEvent.type(screen.getByLabelText('Buscar por cliente, e-mail ou robô'), 'alpha')
    await choose('Filtrar por status', 'Teste')
    await waitFor(() => {
      const last = new URL(requestsTo(fetch, 'GET', '/api/tenant/licenses').at(-1)!.url).searchParams
      expect(last.get('q')).toBe('alpha')
      expect(last.get('status')).toBe('trial')
    })
  })

  it('asks for the client and the robot on an invalid submit and sends nothing', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Cliente é obrigatório')).toBeInTheDocument()
    expect(within(dialog).getByText('Robô é obrigatório')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/licenses')).toHaveLength(0)
  })

  it('creates a license from a searched client, a robot and an optional account', async () => {
    const fetch = renderPage({ 'POST /api/tenant/licenses': () => Response.json(alphaLicense, { status: 201 }) })
    const dialog = await openNew()
    expect(within(dialog).getByLabelText(/^Status/)).toHaveTextContent('Ativa')
    expect(within(dialog).getByText('Em branco: a licença não expira.')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Buscar cliente'), 'mar')
    await waitFor(() => expect(new URL(requestsTo(fetch, 'GET', '/api/tenant/clients').at(-1)!.url).searchParams.get('q')).toBe('mar'))
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Beta', dialog)
    await userEvent.type(within(dialog).getByLabelText('Conta MT'), '555123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Licença criada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/licenses')
    expect(await request!.json()).toEqual({ clientId: maria.id, robotId: beta.id, accountNumber: '555123', status: 'active', expirationDate: null })
  })

  it("creates a trial: only active or trial on create, ending after the robot's trial length unless a day is chosen", async () => {
    const fetch = renderPage({ 'POST /api/tenant/licenses': () => Response.json(betaLicense, { status: 201 }) })
    const dialog = await openNew()
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Beta', dialog)
    await userEvent.click(within(dialog).getByLabelText(/^Status/))
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Ativa', 'Teste'])
    await userEvent.click(screen.getByRole('option', { name: 'Teste' }))
    expect(within(dialog).getByText(/^Em branco: o teste (termina em \d+ dias|dura o prazo de teste do robô)/)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Expira em'), { target: { value: '2030-01-31' } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Licença criada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/licenses')
    expect(await request!.json()).toEqual({ clientId: maria.id, robotId: beta.id, accountNumber: null, status: 'trial', expirationDate: '2030-01-31' })
  })

  it('refuses an account number with letters', async () => {
    const fetch = renderPage()
    const dialog = await openNew()
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.type(within(dialog).getByLabelText('Conta MT'), '12ab')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await within(dialog).findByText('Conta MT deve conter apenas números')).toBeInTheDocument()
    expect(requestsTo(fetch, 'POST', '/api/tenant/licenses')).toHaveLength(0)
  })

  it('edits client, status and account; the robot and the activation are read-only, an unchanged end date is not sent', async () => {
    const fetch = renderPage({ [`PATCH /api/tenant/licenses/${alphaLicense.id}`]: () => Response.json({ ...alphaLicense, status: 'expired' }) })
    const dialog = await openRowAction('Editar licença de Maria Souza (Robô Alpha)')
    expect(within(dialog).getByLabelText(/^Cliente/)).toHaveTextContent('Maria Souza (maria@exemplo.com)')
    expect(within(dialog).getByLabelText('Robô')).toHaveValue('Robô Alpha')
    expect(within(dialog).getByLabelText('Robô')).toHaveAttribute('readonly')
    expect(within(dialog).getByLabelText('Data de ativação')).toHaveValue('10/03/2025')
    expect(within(dialog).getByLabelText('Data de ativação')).toHaveAttribute('readonly')
    expect(within(dialog).getByLabelText('Expira em')).toHaveValue('2026-03-10')
    expect(within(dialog).getByLabelText('Conta MT')).toHaveValue('12345678')
    await userEvent.click(within(dialog).getByLabelText(/^Status/))
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(offered).toEqual(['Ativa', 'Teste', 'Expirada', 'Cancelada'])
    await userEvent.click(screen.getByRole('option', { name: 'Expirada' }))
    await userEvent.clear(within(dialog).getByLabelText('Conta MT'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Licença atualizada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}`)
    expect(await request!.json()).toEqual({ clientId: maria.id, status: 'expired', accountNumber: null })
  })

  it('sets or clears the end date of a license on edit', async () => {
    const fetch = renderPage({ [`PATCH /api/tenant/licenses/${alphaLicense.id}`]: () => Response.json(alphaLicense) })
    let dialog = await openRowAction('Editar licença de Maria Souza (Robô Alpha)')
    fireEvent.change(within(dialog).getByLabelText('Expira em'), { target: { value: '2027-06-30' } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Licença atualizada')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    dialog = await openRowAction('Editar licença de Maria Souza (Robô Alpha)')
    fireEvent.change(within(dialog).getByLabelText('Expira em'), { target: { value: '' } })
    expect(within(dialog).getByText('Em branco: a licença não expira.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}`)).toHaveLength(2))
    const [set, cleared] = requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}`)
    expect((await set!.json()).expirationDate).toBe('2027-06-30')
    expect((await cleared!.json()).expirationDate).toBeNull()
  })

  it("titles failures 'Erro ao criar licença' and 'Erro ao atualizar licença', with the server's field errors", async () => {
    renderPage({
      'POST /api/tenant/licenses': () => errorBody(400, 'Por favor, corrija os campos destacados.', { robotId: 'Robô não encontrado' }),
      [`PATCH /api/tenant/licenses/${alphaLicense.id}`]: () => errorBody(503, 'Servidor ocupado, tente novamente.'),
    })
    const dialog = await openNew()
    await choose(/^Cliente/, 'Maria Souza (maria@exemplo.com)', dialog)
    await choose(/^Robô/, 'Robô Alpha', dialog)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('Erro ao criar licença')).toBeInTheDocument()
    expect(within(dialog).getByText('Robô não encontrado')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const edit = await openRowAction('Editar licença de Maria Souza (Robô Alpha)')
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar licença')).toBeInTheDocument()
  })

  it("switches a license's account: required, digits only, then 'Conta atualizada'", async () => {
    const fetch = renderPage({
      [`PATCH /api/tenant/licenses/${alphaLicense.id}/switch-account`]: () => Response.json({ ...alphaLicense, accountNumber: '99887766' }),
    })
    const dialog = await openRowAction('Trocar conta da licença de Maria Souza (Robô Alpha)')
    expect(within(dialog).getByLabelText('Licença')).toHaveValue('Robô Alpha — conta 12345678')
    expect(within(dialog).getByText('Conta atual: 12345678')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Número da conta obrigatório')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(/^Número da Conta/), 'x1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Conta MT deve conter apenas números')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}/switch-account`)).toHaveLength(0)
    await userEvent.clear(within(dialog).getByLabelText(/^Número da Conta/))
    await userEvent.type(within(dialog).getByLabelText(/^Número da Conta/), '99887766')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Conta atualizada')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', `/api/tenant/licenses/${alphaLicense.id}/switch-account`)
    expect(await request!.json()).toEqual({ accountNumber: '99887766' })
    // The list is fetched again to show the new account.
    await waitFor(() => expect(requestsTo(fetch, 'GET', '/api/tenant/licenses').length).toBeGreaterThan(1))
  })

  it("titles a failed switch 'Erro ao trocar conta'", async () => {
    renderPage({ [`PATCH /api/tenant/licenses/${alphaLicense.id}/switch-account`]: () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    const dialog = await openRowAction('Trocar conta da licença de Maria Souza (Robô Alpha)')
    await userEvent.type(within(dialog).getByLabelText(/^Número da Conta/), '99887766')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao trocar conta')).toBeInTheDocument()
  })

  it('lists the accounts a license ran on, flagging a possibly shared license', async () => {
    renderPage({
      [`GET /api/tenant/licenses/${alphaLicense.id}`]: () => Response.json({ license: alphaLicense, installations: [validInstallation, refusedInstallation] }),
    })
    const dialog = await openRowAction('Instalações da licença de Maria Souza (Robô Alpha)')
    expect(await within(dialog).findByText('87654321')).toBeInTheDocument()
    const valid = within(dialog).getByText('12345678').closest('tr')!
    expect(within(valid).getByText('Válida')).toBeInTheDocument()
    expect(within(valid).getByText(/^desde 11\/03\/2025 \d\d:00$/)).toBeInTheDocument()
    expect(within(valid).getByText('VALID')).toBeInTheDocument()
    expect(within(valid).getByText('há cerca de 3 horas')).toBeInTheDocument()
    expect(within(valid).getByText('1.520')).toBeInTheDocument()
    const refused = within(dialog).getByText('87654321').closest('tr')!
    expect(within(refused).getByText('Negada')).toBeInTheDocument()
    expect(within(refused).getByText(/^desde 02\/04\/2025 \d\d:45$/)).toBeInTheDocument()
    expect(within(refused).getByText('ACCOUNT_MISMATCH')).toBeInTheDocument()
    expect(refused).toHaveAttribute('data-shared', 'true')
    expect(within(dialog).getByRole('status')).toHaveTextContent('Possível compartilhamento de licença')
  })

  it('shows an empty installations list for a license never checked', async () => {
    renderPage({ [`GET /api/tenant/licenses/${betaLicense.id}`]: () => Response.json({ license: betaLicense, installations: [] }) })
    const row = await rowOf('Robô Beta')
    await userEvent.click(within(row).getByRole('button', { name: /^Instalações da/ }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Nenhuma instalação registrada')).toBeInTheDocument()
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument()
  })

  it('shows a Financeiro owner the licenses and their installations, without creating, editing or switching accounts', async () => {
    renderPage({}, 'financial')
    const row = (await screen.findByText('Robô Alpha')).closest('tr')!
    expect(within(row).getByRole('button', { name: /^Instalações da licença de Maria Souza/ })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Editar licença/ })).not.toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: /^Trocar conta/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Nova Licença' })).not.toBeInTheDocument()
  })

  it('lets a Suporte owner manage licenses', async () => {
    renderPage({}, 'support')
    expect(await screen.findByRole('button', { name: 'Nova Licença' })).toBeInTheDocument()
    const row = (await screen.findByText('Robô Alpha')).closest('tr')!
    expect(within(row).getByRole('button', { name: /^Trocar conta da licença de Maria Souza/ })).toBeInTheDocument()
  })
})
