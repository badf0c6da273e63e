// The tenant owner's journey, in Chromium against the real server: forgot the password → the reset e-mail
// arrives at a local stand-in of the Resend API (real HTTP, Resend's request shape; the server's real mailer
// sends it) → reset → sign in with the security key → create a client → give them a license → switch its
// MetaTrader account → see it all on the client's page. Runs after the other journeys: it changes the
// demo owner's password.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, requireEnv, screenshot } from './support.mjs'

const run = Date.now().toString(36)
const NEW_PASSWORD = `nova-senha-${run}`

requireEnv('E2E_OWNER_EMAIL', 'E2E_TENANT_SECRET', 'E2E_TENANT', 'E2E_RESEND_PORT')

/** Every e-mail the server sends, as Resend would receive it. */
let mailbox
let browser
let page

before(async () => {
  mailbox = await openMailbox()
  browser = await launchChromium()
  page = await newPage(browser, { width: 1280, height: 900, timeout: 15_000 })
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** Picks `option` in the Radix select labelled `label` inside `scope`. */
async function choose(scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).first().click()
}

test('owner journey: forgot password, reset by e-mail, sign in with the key, client, license, switch account, details', async () => {
  // Forgot the password: the answer never says whether the e-mail exists.
  await page.goto(`/tenant/forgot-password?tenant=${env.E2E_TENANT}`)
  await page.getByLabel('E-mail').waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: forgot password')
  await page.getByLabel('E-mail').fill(env.E2E_OWNER_EMAIL)
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click()
  await page.getByText('Se o e-mail estiver cadastrado').waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: forgot password, sent')

  const mail = await mailbox.waitFor(env.E2E_OWNER_EMAIL, 'Redefinição de senha')
  const link = mail.html.match(/href="([^"]*reset-password\?token=[^"]+)"/)?.[1] ?? mail.html.match(/(https?:\/\/\S*reset-password\?token=[\w.]+)/)?.[1]
  assert.ok(link, `a reset link in the e-mail: ${mail.html}`)
  const token = new URL(link.replaceAll('&amp;', '&')).searchParams.get('token')
  assert.match(token, /^[0-9a-f]{32}\.[0-9a-f]{64}$/)

  // Reset through the link; the confirmation leads back to the login.
  await page.goto(`/tenant/reset-password?token=${token}`)
  await page.getByLabel('Nova senha').waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: reset password')
  await page.getByLabel('Nova senha').fill(NEW_PASSWORD)
  await page.getByLabel('Confirmar senha').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Salvar senha' }).click()
  await page.getByText('Senha redefinida').first().waitFor()
  await page.waitForURL((url) => url.pathname === '/tenant/login', { timeout: 10_000 })

  // The link works once.
  const reuse = await page.request.post('/api/tenant-auth/reset-password', { data: { token, newPassword: 'outra-senha-1' } })
  assert.equal(reuse.status(), 400)

  // Sign in with e-mail, the new password and the security key.
  await page.getByLabel('E-mail').fill(env.E2E_OWNER_EMAIL)
  await page.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Chave de Segurança').fill(env.E2E_TENANT_SECRET)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/tenant/dashboard')
  await page.getByText('Total de Clientes').waitFor()

  // A new client.
  const clientName = `Cliente E2E ${run}`
  await page.goto('/tenant/clients')
  await page.getByRole('button', { name: 'Novo Cliente' }).click()
  let dialog = page.getByRole('dialog')
  await dialog.getByLabel('Nome').waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Novo Cliente')
  await dialog.getByLabel('Nome').fill(clientName)
  await dialog.getByLabel('E-mail').fill(`cliente-${run}@example.com`)
  await dialog.getByLabel('Senha').fill('senha-do-cliente')
  await dialog.getByRole('button', { name: 'Criar' }).click()
  await page.getByRole('cell', { name: clientName }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: clients')

  // A license of the demo robot for them.
  await page.goto('/tenant/licenses')
  await page.getByRole('button', { name: 'Nova Licença' }).click()
  dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name: 'Cliente' }).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Nova Licença')
  await choose(dialog, 'Cliente', clientName)
  await choose(dialog, 'Robô', 'Robô Demo')
  await dialog.getByRole('button', { name: 'Criar' }).click()
  const licenseLabel = `licença de ${clientName} (Robô Demo)`
  await page.getByRole('button', { name: `Trocar conta da ${licenseLabel}` }).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: licenses')

  // Switch its MetaTrader account (once the "Licença criada" toast has gone: a toast still fading out under the
  // dialog's overlay is not what the accessibility check below is about).
  await page.getByText('Licença criada').first().waitFor({ state: 'hidden', timeout: 15_000 })
  await page.getByRole('button', { name: `Trocar conta da ${licenseLabel}` }).click()
  dialog = page.getByRole('dialog')
  await dialog.getByLabel('Número da Conta').waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Trocar Conta')
  await dialog.getByLabel('Número da Conta').fill('55501234')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await page.getByText('Conta atualizada').first().waitFor()
  await page.getByRole('cell', { name: '55501234' }).first().waitFor()

  // The client's page shows the license with its account.
  await page.goto('/tenant/clients')
  await page.getByRole('link', { name: `Ver Detalhes de ${clientName}` }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/tenant/clients/'))
  const robots = page.getByRole('region', { name: 'Robôs vinculados' })
  await robots.getByText('Robô Demo').first().waitFor()
  await robots.getByText('55501234').first().waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: client details')
  await screenshot(page, 'tenant-client-details')
})
