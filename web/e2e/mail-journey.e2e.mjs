// Platform mail (issue 33, decision 0018), in Chromium against the real server: the owner's "E-mails" screen says
// the tenant's mail goes out through the platform in its name; the owner saves a Resend key and a domain of its own,
// and the screen shows the domain's verification at Resend (pending, with the DNS records to add), read from the
// local Resend stand-in's domains API; the key is removed again, and a welcome sent from the API arrives at the
// stand-in framed: "<tenant> via RoboForge" at the platform's address, the platform's footer, no images.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, requireEnv, screenshot, signInAsOwner } from './support.mjs'

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_RESEND_PORT', 'E2E_TENANT_NAME')

const DOMAIN = 'mail.demo-robos.example'

let browser
let mailbox

before(async () => {
  mailbox = await openMailbox({
    domains: [
      {
        id: 'd91cd9bd-1176-453e-8fc1-35364d380206',
        name: DOMAIN,
        status: 'pending',
        created_at: '2026-11-20T12:00:00.000Z',
        region: 'sa-east-1',
        records: [
          { record: 'SPF', name: 'send.mail', type: 'MX', ttl: 'Auto', status: 'pending', value: 'feedback-smtp.sa-east-1.amazonses.com', priority: 10 },
          { record: 'SPF', name: 'send.mail', type: 'TXT', ttl: 'Auto', status: 'pending', value: '"v=spf1 include:amazonses.com ~all"' },
          { record: 'DKIM', name: 'resend._domainkey.mail', type: 'TXT', ttl: 'Auto', status: 'verified', value: 'p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDe2e' },
        ],
      },
    ],
  })
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

test('mail journey: the owner sees how mail goes out and the domain verification; platform mail arrives framed', async () => {
  const owner = await newPage(browser)
  await signInAsOwner(owner)
  const headers = { 'x-tenant-secret': env.E2E_TENANT_SECRET }

  await owner.goto('/tenant/email-settings')
  const state = owner.getByTestId('email-domain-state')
  await state.getByText('Sem domínio próprio').first().waitFor()
  await state.getByText(`seus e-mails saem pelo RoboForge em nome de ${env.E2E_TENANT_NAME}`).waitFor()
  await expectNoSeriousA11yViolations(owner, 'tenant: e-mails (pela plataforma)')

  // A key and a domain of the tenant's own: Resend says the domain waits for its DNS records.
  await owner.getByLabel('Chave da API', { exact: true }).fill('re_e2e_tenant_key')
  await owner.getByLabel('Domínio de envio').fill(DOMAIN)
  await owner.getByRole('button', { name: 'Salvar', exact: true }).click()
  await state.getByText('Verificação pendente').first().waitFor()
  const records = owner.getByRole('table', { name: 'Registros DNS do domínio' })
  await records.getByText('resend._domainkey.mail').waitFor()
  await records.getByText('feedback-smtp.sa-east-1.amazonses.com').waitFor()
  await screenshot(owner, 'tenant-email-domain-pending')
  await expectNoSeriousA11yViolations(owner, 'tenant: e-mails (domínio pendente)')

  // Back to the platform's key (the other journeys expect it).
  const removed = await owner.request.patch('/api/tenant/email-settings', { headers, data: { removeApiKey: true, resendDomain: '' } })
  assert.equal(removed.status(), 200, await removed.text())

  // A welcome through the platform: what the stand-in receives is framed.
  const clients = await (await owner.request.get('/api/tenant/clients?pageSize=1', { headers })).json()
  const robots = await (await owner.request.get('/api/tenant/robots?pageSize=1', { headers })).json()
  const client = clients.items[0]
  assert.ok(client && robots.items[0], 'a client and a robot of the demo tenant')
  const before = mailbox.messages.length
  const sent = await owner.request.post(`/api/tenant/clients/${client.id}/send-email`, { headers, data: { robotId: robots.items[0].id } })
  assert.equal(sent.status(), 202, await sent.text())
  const mail = await mailbox.waitFor(client.email, 'Bem-vindo', { after: before })
  assert.match(mail.from, / via RoboForge" <[^>]+>$/, mail.from)
  assert.ok(mail.from.startsWith(`"${env.E2E_TENANT_NAME}`), mail.from)
  assert.ok(mail.html.includes('data-rf-frame-footer'), 'the platform footer')
  assert.ok(mail.html.includes(`enviada por <strong>${env.E2E_TENANT_NAME}</strong>`), 'the footer names the tenant')
  assert.ok(!mail.html.includes('<img') && !mail.html.includes('<script'), 'no images or scripts')

  // The "Não entregues" tab answers (nothing refused here).
  await owner.goto('/tenant/email-settings')
  await owner.getByRole('tab', { name: 'Não entregues' }).click()
  await owner.getByRole('table', { name: 'E-mails não entregues' }).waitFor()
  await owner.close()
})
