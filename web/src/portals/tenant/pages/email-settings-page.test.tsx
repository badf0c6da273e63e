import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/render'
import { apiRoutes, errorBody, requestsTo } from '@/test/api-routes'
import { choose, polyfillRadixSelect } from '@/test/select'
import { defaultTemplates, emailSettings, templates } from '@/features/tenant-catalog/test-support'
import { TenantEmailSettingsPage } from './email-settings-page'

beforeAll(polyfillRadixSelect)

function renderPage(handlers: Parameters<typeof apiRoutes>[0] = {}) {
  const fetch = mockFetch(
    apiRoutes({
      'GET /api/tenant/email-settings': () => Response.json(emailSettings),
      'GET /api/tenant/email-templates': () => Response.json(templates),
      'GET /api/tenant/email-templates/defaults': () => Response.json(defaultTemplates),
      'GET /api/tenant/email-sending': () => Response.json(sending),
      'GET /api/tenant/email-sending/domain': () => Response.json(pendingDomain),
      'GET /api/tenant/email-sending/problems': () => Response.json({ items: [], total: 0, page: 1, pageSize: 20, totalCapped: false }),
      ...handlers,
    }),
  )
  renderWithProviders(<TenantEmailSettingsPage />, { path: '/email-settings' })
  return fetch
}

const sending = {
  sendsWithOwnKey: false,
  platformFrom: '"Robôs do João via RoboForge" <noreply@roboforge.com.br>',
  senderName: 'Robôs do João',
  abuseAddress: 'abuse@roboforge.com.br',
  dailyLimit: 300,
  recipientDailyLimit: 10,
  sentToday: 12,
  suspended: false,
  suspendedReason: null,
}

const pendingDomain = {
  state: 'pending',
  domain: 'mail.robosdojoao.com.br',
  message: 'Verificação pendente: adicione os registros DNS abaixo no seu provedor e aguarde a confirmação do Resend.',
  records: [
    { record: 'SPF', name: 'send.mail', type: 'MX', value: 'feedback-smtp.sa-east-1.amazonses.com', priority: 10, status: 'pending' },
    { record: 'DKIM', name: 'resend._domainkey.mail', type: 'TXT', value: 'p=MIGf', priority: null, status: 'verified' },
  ],
}

const keyInput = () => screen.findByLabelText('Chave da API')

async function openTemplates(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Templates' }))
  return screen.findByRole('region', { name: /^Boas-vindas/ })
}

describe('tenant e-mail settings page', { timeout: 30_000 }, () => {
  it('shows the domain waiting for its DNS records, with each record and its state', async () => {
    renderPage()
    const state = await screen.findByTestId('email-domain-state')
    expect(within(state).getByText('Verificação pendente')).toBeInTheDocument()
    const records = within(state).getByRole('table', { name: 'Registros DNS do domínio' })
    expect(within(records).getByText('resend._domainkey.mail')).toBeInTheDocument()
    expect(within(records).getByText('MX (prioridade 10)')).toBeInTheDocument()
    expect(within(records).getByText('Verificado')).toBeInTheDocument()
    expect(screen.getByText('12 de 300')).toBeInTheDocument()
  })

  it('says mail goes out through the platform in the tenant\'s name when it has no domain', async () => {
    renderPage({
      'GET /api/tenant/email-sending/domain': () =>
        Response.json({
          state: 'not_configured',
          domain: null,
          records: [],
          message: 'Sem domínio próprio: seus e-mails saem pelo RoboForge em nome de Robôs do João.',
        }),
    })
    expect(await screen.findByText('Sem domínio próprio: seus e-mails saem pelo RoboForge em nome de Robôs do João.')).toBeInTheDocument()
    expect(screen.getByText(sending.platformFrom)).toBeInTheDocument()
  })

  it('says plainly that nothing is sent while the platform suspended the tenant\'s mail', async () => {
    renderPage({ 'GET /api/tenant/email-sending': () => Response.json({ ...sending, suspended: true, suspendedReason: 'denúncias' }) })
    expect(await screen.findByText('Envio de e-mails suspenso pela plataforma')).toBeInTheDocument()
    expect(screen.getByText(/Nenhum e-mail está sendo enviado/)).toHaveTextContent('Motivo: denúncias')
  })

  it('lists the messages that did not arrive, refused ones as not sent, with the reason', async () => {
    const user = userEvent.setup()
    renderPage({
      'GET /api/tenant/email-sending/problems': () =>
        Response.json({
          items: [
            {
              id: '0193a0b0-0000-7000-8000-000000000001',
              to: 'ana@example.com',
              subject: 'Robôs do João: Bem-vindo(a)',
              template: 'welcome',
              status: 'refused',
              reason: 'Não enviado: a empresa atingiu o limite de 300 e-mails por dia enviados pelo RoboForge.',
              bouncedAt: null,
              complainedAt: null,
              deliveryDetail: null,
              createdAt: '2026-11-27T12:00:00Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
          totalCapped: false,
        }),
    })
    await user.click(screen.getByRole('tab', { name: 'Não entregues' }))
    const table = await screen.findByRole('table', { name: 'E-mails não entregues' })
    expect(await within(table).findByText('Não enviado (recusado)')).toBeInTheDocument()
    expect(within(table).getByText(/atingiu o limite de 300 e-mails/)).toBeInTheDocument()
  })

  it('shows an error with a retry when the domain cannot be read', async () => {
    renderPage({ 'GET /api/tenant/email-sending/domain': () => errorBody(500, 'Falha interna') })
    const state = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(state).toHaveTextContent('Falha interna')
  })

  it('shows whether a key is stored, never the key, and the domain', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'E-mails' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Credenciais' })).toHaveAttribute('aria-selected', 'true')
    const key = await keyInput()
    expect(key).toHaveValue('')
    expect(key).toHaveAttribute('type', 'password')
    expect(screen.getByText('Configurada')).toBeInTheDocument()
    expect(screen.getByLabelText('Domínio de envio')).toHaveValue('mail.robosdojoao.com.br')
    expect(screen.getByRole('button', { name: 'Remover chave' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar teste' })).toBeEnabled()
  })

  it('saves a new key and the domain, then empties the key field', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'PATCH /api/tenant/email-settings': () => Response.json({ resendDomain: 'envio.robosdojoao.com.br', hasApiKey: true }) })
    await user.type(await keyInput(), 're_123abc')
    await user.clear(screen.getByLabelText('Domínio de envio'))
    await user.type(screen.getByLabelText('Domínio de envio'), 'envio.robosdojoao.com.br')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Credenciais salvas')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/email-settings')
    expect(await request!.json()).toEqual({ resendApiKey: 're_123abc', resendDomain: 'envio.robosdojoao.com.br' })
    expect(screen.getByLabelText('Chave da API')).toHaveValue('')
  })

  it('keeps the stored key when the key field is left blank', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'PATCH /api/tenant/email-settings': () => Response.json(emailSettings) })
    await keyInput()
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await screen.findByText('Credenciais salvas')
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/email-settings')
    expect(await request!.json()).toEqual({ resendApiKey: null, resendDomain: 'mail.robosdojoao.com.br' })
  })

  it("checks the key's form and titles a refused save 'Erro ao atualizar credenciais'", async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'PATCH /api/tenant/email-settings': () => errorBody(400, 'Dados inválidos', { resendDomain: 'Domínio inválido (ex.: mail.seudominio.com.br)' }),
    })
    await user.type(await keyInput(), 'sk_errada')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Chave inválida: as chaves do Resend começam com re_')).toBeInTheDocument()
    expect(requestsTo(fetch, 'PATCH', '/api/tenant/email-settings')).toHaveLength(0)

    await user.clear(screen.getByLabelText('Chave da API'))
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Erro ao atualizar credenciais')).toBeInTheDocument()
    const message = screen.getAllByText('Domínio inválido (ex.: mail.seudominio.com.br)').find((element) => element.id)!
    expect(screen.getByLabelText('Domínio de envio')).toHaveAttribute('aria-describedby', expect.stringContaining(message.id))
  })

  it('removes the stored key after confirmation', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({ 'PATCH /api/tenant/email-settings': () => Response.json({ ...emailSettings, hasApiKey: false }) })
    await keyInput()
    await user.click(screen.getByRole('button', { name: 'Remover chave' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Remover chave' }))
    expect(await screen.findByText('Chave removida')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/email-settings')
    expect(await request!.json()).toEqual({ removeApiKey: true })
    expect(await screen.findByText('Não configurada')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remover chave' })).not.toBeInTheDocument()
  })

  it('says plainly that nothing is delivered while no sender is configured', async () => {
    renderPage({ 'GET /api/tenant/email-settings': () => Response.json({ resendDomain: null, hasApiKey: false, delivery: 'none' }) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nenhum e-mail é entregue enquanto um remetente não for configurado')
  })

  it('says mail leaves through the platform when only the platform has a key', async () => {
    renderPage({ 'GET /api/tenant/email-settings': () => Response.json({ resendDomain: null, hasApiKey: false, delivery: 'platform' }) })
    expect(await screen.findByText(/seus e-mails saem pelo serviço da plataforma/)).toBeInTheDocument()
    expect(screen.queryByText(/Nenhum e-mail é entregue/)).not.toBeInTheDocument()
  })

  it('offers no test send without a key', async () => {
    renderPage({ 'GET /api/tenant/email-settings': () => Response.json({ resendDomain: null, hasApiKey: false, delivery: 'platform' }) })
    expect(await screen.findByText('Não configurada')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar teste' })).toBeDisabled()
    expect(screen.getByLabelText(/^Enviar para/)).toBeDisabled()
    expect(screen.getByText('Configure a chave da API para enviar um e-mail de teste.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remover chave' })).not.toBeInTheDocument()
  })

  it('sends a test e-mail of the chosen template to an address, which is required', async () => {
    const user = userEvent.setup()
    const fetch = renderPage({
      'POST /api/tenant/email-settings/test': () => Response.json({ message: 'E-mail de teste enviado para joao@exemplo.com' }, { status: 202 }),
    })
    await keyInput()
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }))
    expect(await screen.findByText('E-mail obrigatório')).toBeInTheDocument()
    await choose('Template', 'Confirmação de venda')
    await user.type(screen.getByLabelText(/^Enviar para/), 'joao@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }))
    expect(await screen.findByText('E-mail de teste enviado para joao@exemplo.com')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'POST', '/api/tenant/email-settings/test')
    expect(await request!.json()).toEqual({ templateType: 'saleConfirmation', testEmail: 'joao@exemplo.com' })
  })

  it("titles a failed test send 'Erro ao enviar e-mail de teste'", async () => {
    const user = userEvent.setup()
    renderPage({ 'POST /api/tenant/email-settings/test': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await keyInput()
    await user.type(screen.getByLabelText(/^Enviar para/), 'joao@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }))
    expect(await screen.findByText('Erro ao enviar e-mail de teste')).toBeInTheDocument()
  })

  it("lists the templates with their variables, marking the tenant's own", async () => {
    const user = userEvent.setup()
    renderPage()
    await keyInput()
    const welcome = await openTemplates(user)
    expect(within(welcome).getByText('Personalizado')).toBeInTheDocument()
    expect(within(welcome).getByLabelText('HTML de Boas-vindas')).toHaveValue('<p>Bem-vindo, {{clientName}}!</p>')
    const chips = within(within(welcome).getByRole('list', { name: 'Variáveis de Boas-vindas' })).getAllByRole('listitem')
    expect(chips.map((chip) => chip.textContent)).toEqual(['{{tenantName}}', '{{clientName}}', '{{robotName}}', '{{downloadUrl}}', '{{contactEmail}}'])
    for (const name of ['Confirmação de venda', 'Redefinição de senha', 'Confirmação de assinatura', 'Nova versão']) {
      const region = screen.getByRole('region', { name })
      expect(within(region).queryByText('Personalizado')).not.toBeInTheDocument()
    }
    const reset = screen.getByRole('region', { name: 'Redefinição de senha' })
    expect(within(reset).getByText('{{resetLink}}')).toBeInTheDocument()
  })

  it('restores a default and saves the templates', async () => {
    const user = userEvent.setup()
    const saved = { ...templates, templates: defaultTemplates, customized: [] }
    const fetch = renderPage({ 'PATCH /api/tenant/email-templates': () => Response.json(saved) })
    await keyInput()
    const welcome = await openTemplates(user)
    await user.click(within(welcome).getByRole('button', { name: 'Restaurar padrão de Boas-vindas' }))
    await waitFor(() => expect(within(welcome).getByLabelText('HTML de Boas-vindas')).toHaveValue(defaultTemplates.welcome))
    await user.click(screen.getByRole('button', { name: 'Salvar templates' }))
    expect(await screen.findByText('Templates salvos')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/email-templates')
    expect(await request!.json()).toEqual({ ...defaultTemplates, switchedOff: [] })
    await waitFor(() => expect(within(welcome).queryByText('Personalizado')).not.toBeInTheDocument())
  })

  it('switches the "Nova versão" e-mail off, and shows it switched off once saved', async () => {
    const user = userEvent.setup()
    const saved = { ...templates, switchedOff: ['newVersion'] }
    const fetch = renderPage({ 'PATCH /api/tenant/email-templates': () => Response.json(saved) })
    await keyInput()
    await openTemplates(user)
    const newVersion = screen.getByRole('region', { name: 'Nova versão' })
    expect(within(newVersion).getByText('{{releaseNotes}}')).toBeInTheDocument()
    const toggle = within(newVersion).getByRole('switch', { name: 'Enviar o e-mail “Nova versão”' })
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    await user.click(toggle)
    await user.click(screen.getByRole('button', { name: 'Salvar templates' }))
    expect(await screen.findByText('Templates salvos')).toBeInTheDocument()
    const [request] = requestsTo(fetch, 'PATCH', '/api/tenant/email-templates')
    const body = await request!.json()
    expect(body.switchedOff).toEqual(['newVersion'])
    expect(body.newVersion).toBe(defaultTemplates.newVersion)
    await waitFor(() => expect(within(newVersion).getByRole('switch')).toHaveAttribute('aria-checked', 'false'))
  })

  it("titles a failed template save 'Erro ao atualizar templates' and puts field errors on the template", async () => {
    const user = userEvent.setup()
    renderPage({ 'PATCH /api/tenant/email-templates': () => errorBody(400, 'Dados inválidos', { passwordReset: 'Template longo demais (máximo 100.000 caracteres)' }) })
    await keyInput()
    await openTemplates(user)
    await user.click(screen.getByRole('button', { name: 'Salvar templates' }))
    expect(await screen.findByText('Erro ao atualizar templates')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Redefinição de senha' })).getByText('Template longo demais (máximo 100.000 caracteres)')).toBeInTheDocument()
  })

  it("says 'Erro ao carregar templates' when the templates cannot be read", async () => {
    const user = userEvent.setup()
    renderPage({ 'GET /api/tenant/email-templates': () => errorBody(503, 'Servidor ocupado, tente novamente.') })
    await keyInput()
    await user.click(screen.getByRole('tab', { name: 'Templates' }))
    expect(await screen.findByText('Erro ao carregar templates')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument()
  })
})
