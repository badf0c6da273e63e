// The team journey, in Chromium against the real server: the tenant's admin owner signs in and invites a Suporte
// owner from "Equipe" → the invitation e-mail arrives at the local stand-in of the Resend API (real HTTP, Resend's
// request shape; the server's real mailer sends it) → the invitee opens its token on the owners' reset-password page
// (which still accepts it, without signing in), creates a password and signs in with the tenant's security key → lands on the clients (no dashboard for Suporte),
// without "Configurações" in the menu; opening the settings URL shows the no-access page, and the API itself refuses
// the settings (403). The admin then sees the invitation accepted and the e-mail verified.
// Runs before the tenant journey, which changes the demo owner's password.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const run = Date.now().toString(36)
const INVITEE = { name: `Suporte E2E ${run}`, email: `suporte-${run}@example.com`, password: `senha-suporte-${run}` }

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_RESEND_PORT')

/** Every e-mail the server sends, as Resend would receive it. */
let mailbox
let browser
/** The admin owner's page; the invitee gets a browser context of their own. */
let admin

before(async () => {
  mailbox = await openMailbox()
  browser = await launchChromium()
  admin = await newPage(browser, { width: 1280, height: 900, timeout: 15_000 })
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** The token of the link an invitation e-mail carries (to /tenant/convite; the reset-password page accepts it too). */
function resetTokenOf(mail) {
  const link = mail.html.match(/href="([^"]*(?:convite|reset-password)\?token=[^"]+)"/)?.[1]
  assert.ok(link, `an invitation link in the e-mail: ${mail.html}`)
  const token = new URL(link.replaceAll('&amp;', '&')).searchParams.get('token')
  assert.match(token, /^[0-9a-f]{32}\.[0-9a-f]{64}$/)
  return token
}

test('team journey: an admin invites a Suporte owner, who accepts by e-mail and signs in without settings access', async () => {
  // The admin opens "Equipe" from the menu and invites a Suporte owner.
  await signInAsOwner(admin)
  await admin.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' }).click()
  await admin.waitForURL((url) => url.pathname === '/tenant/team')
  await admin.getByRole('button', { name: 'Convidar' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Convidar para a equipe' })
  await dialog.getByLabel('Nome').waitFor()
  await expectNoSeriousA11yViolations(admin, 'tenant: dialog Convidar para a equipe')
  await dialog.getByLabel('Nome').fill(INVITEE.name)
  await dialog.getByLabel('E-mail').fill(INVITEE.email)
  await dialog.getByRole('combobox', { name: 'Perfil' }).click()
  await admin.getByRole('option', { name: 'Suporte', exact: true }).click()
  await dialog.getByRole('button', { name: 'Enviar convite' }).click()
  await dialog.getByText('Convite enviado para').waitFor()
  await dialog.getByRole('button', { name: 'Concluir' }).click()
  const row = admin.getByRole('row').filter({ hasText: INVITEE.email })
  await row.getByText('Convite pendente').waitFor()
  assert.equal(await row.getByRole('combobox', { name: `Perfil de ${INVITEE.name}` }).textContent(), 'Suporte')
  await screenshot(admin, 'tenant-team')

  // The invitation e-mail links to the owners' reset-password page, which creates the first password.
  const mail = await mailbox.waitFor(INVITEE.email, 'Convite para a equipe')
  assert.match(mail.html, /<strong>Suporte<\/strong>/)
  const token = resetTokenOf(mail)
  const invitee = await newPage(browser, { width: 1280, height: 900, timeout: 15_000 })
  await invitee.goto(`/tenant/reset-password?token=${token}`)
  await invitee.getByRole('heading', { level: 1, name: 'Criar ou redefinir senha' }).waitFor()
  await invitee.getByLabel('Nova senha').fill(INVITEE.password)
  await invitee.getByLabel('Confirmar senha').fill(INVITEE.password)
  await invitee.getByRole('button', { name: 'Salvar senha' }).click()
  await invitee.getByText('Senha salva!').waitFor()
  await invitee.waitForURL((url) => url.pathname === '/tenant/login', { timeout: 10_000 })

  // Signed in with the tenant's key, a Suporte owner lands on the clients, with no "Configurações" in the menu.
  await invitee.getByLabel('E-mail').fill(INVITEE.email)
  await invitee.getByLabel('Senha', { exact: true }).fill(INVITEE.password)
  await invitee.getByLabel('Chave de Segurança').fill(env.E2E_TENANT_SECRET)
  await invitee.getByRole('button', { name: 'Entrar' }).click()
  await invitee.waitForURL((url) => url.pathname === '/tenant/clients')
  await invitee.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor()
  const nav = invitee.getByRole('navigation', { name: 'Navegação principal' })
  await nav.getByRole('link', { name: 'Licenças' }).waitFor()
  for (const hidden of ['Configurações', 'Dashboard', 'Vendas', 'Equipe']) {
    assert.equal(await nav.getByRole('link', { name: hidden, exact: true }).count(), 0, `no "${hidden}" in a Suporte owner's menu`)
  }
  assert.equal(await invitee.getByTestId('current-user-name').textContent(), INVITEE.name)

  // The settings URL opened by hand: the no-access page, and the API refuses the settings too.
  await invitee.goto('/tenant/settings')
  await invitee.getByRole('heading', { level: 1, name: 'Seu perfil não tem acesso a esta área.' }).waitFor()
  assert.equal(await nav.getByRole('link', { name: 'Configurações', exact: true }).count(), 0)
  await screenshot(invitee, 'tenant-team-no-access')
  const refused = await invitee.request.get('/api/tenant/settings', { headers: { 'X-Tenant-Secret': env.E2E_TENANT_SECRET } })
  assert.equal(refused.status(), 403)
  assert.match((await refused.json()).message, /Seu perfil \(Suporte\) não permite esta ação/)

  // The admin's list now shows the invitation accepted and the e-mail proven.
  await admin.reload()
  await row.getByText('E-mail verificado').waitFor()
  assert.equal(await row.getByText('Convite pendente').count(), 0)
})
