// People let in by invitation, in Chromium against the real server, at 1366×768 and at 390×844: the platform admin
// creates a tenant with its owner ("Responsável") and reads the invitation link from the result panel → in a fresh
// browser the owner opens it, creates a password and lands signed in, never typing the security key → signs out and
// back in with e-mail and password only (no key field shown) → invites a Suporte member from "Equipe" and copies the
// link → in another fresh browser the member accepts it and lands on the clients. What each screen says about the
// e-mails is checked against the API's answer (sent, or not sent and why), never a fixed text: the e-mail may or may
// not go out. Screenshots: e2e/screenshots/invitation-<step>-<width>.png; axe on every new screen.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, env, expectNoSeriousA11yViolations, fillOwnerLogin, launchChromium, newPage, openMailbox, requireEnv, screenshot } from './support.mjs'

requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD', 'E2E_RESEND_PORT')

const run = Date.now().toString(36)
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]

/** Every e-mail the server sends, as Resend would receive it (so a sent invitation really goes somewhere). */
let mailbox
let browser
before(async () => {
  mailbox = await openMailbox()
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** A page in a fresh browser context of `size`, allowed to read what it copies. */
async function freshPage(size) {
  const page = await newPage(browser, { ...size, timeout: 20_000 })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  return page
}

const clipboardOf = (page) => page.evaluate(() => navigator.clipboard.readText())

/** Clicks the copy button `name` and checks the clipboard then holds `expected`, the whole value. */
async function expectCopies(page, scope, name, expected) {
  await scope.getByRole('button', { name, exact: true }).click()
  assert.equal(await clipboardOf(page), expected, `"${name}" copies the whole value`)
}

/** The invitation told as the API answered it: "Convite enviado para …" only when no reason says it was not. */
async function expectHonestOutcome(scope, { email, emailNotSent }) {
  const outcome = scope.getByTestId('invitation-outcome')
  await outcome.waitFor()
  if (emailNotSent) {
    await outcome.getByText('Convite não enviado', { exact: true }).waitFor()
    assert.equal((await outcome.getByTestId('invitation-not-sent-reason').textContent())?.trim(), emailNotSent)
    assert.equal(await outcome.getByText(/Convite enviado para/).count(), 0)
  } else {
    await outcome.getByText(`Convite enviado para ${email}`, { exact: true }).waitFor()
  }
}

/** Opens an invitation link, creates the password and waits for the signed-in screen at `landing`. */
async function acceptInvitation(page, { link, password, tenantName, landing, shot }) {
  await page.goto(link)
  await page.getByRole('heading', { level: 2, name: 'Crie sua senha' }).waitFor()
  await page.getByRole('heading', { level: 1, name: tenantName }).waitFor()
  assert.equal(await page.getByLabel('Chave de Segurança').count(), 0, 'the invitation page never asks for the key')
  await expectNoSeriousA11yViolations(page, `tenant: convite (${shot})`)
  await screenshot(page, shot)
  await page.getByLabel('Nova senha').fill(password)
  await page.getByLabel('Confirmar senha').fill(password)
  await page.getByRole('button', { name: 'Criar senha e entrar' }).click()
  await page.waitForURL((url) => url.pathname === landing)
  assert.equal(await page.evaluate(() => localStorage.getItem('tenant_secret')), null, 'no key kept by the page')
}

/** "Sair": in the sidebar, which a phone keeps behind the menu button. */
async function signOut(page) {
  const button = page.getByRole('button', { name: 'Sair' })
  if (!(await button.isVisible())) await page.getByRole('button', { name: 'Alternar menu lateral' }).click()
  await button.click()
  await page.waitForURL((url) => url.pathname === '/tenant/login')
}

for (const size of SIZES) {
  test(`invitation journey at ${size.width}×${size.height}: tenant and owner in one step, owner and member in without the key`, async () => {
    const pages = []
    try {
      await journey(size, pages)
    } catch (error) {
      for (const [index, page] of pages.entries()) await screenshot(page, `invitation-failed-${size.width}-${index}`).catch(() => {})
      throw error
    } finally {
      for (const page of pages) await page.context().close()
    }
  })
}

async function journey(size, pages) {
  const w = size.width
  const tag = `${run}-${w}`
  const tenantName = `Convite ${tag}`
  const owner = { name: `Dona ${tag}`, email: `dona-${tag}@example.com`, password: `senha-dona-${tag}` }
  const member = { name: `Suporte ${tag}`, email: `suporte-${tag}@example.com`, password: `senha-suporte-${tag}` }

  // 1. The platform admin creates the tenant with its owner.
  const admin = await freshPage(size)
  pages.push(admin)
  await admin.goto('/auth')
  await admin.fill('#username', env.E2E_ADMIN_USER)
  await admin.fill('#password', env.E2E_ADMIN_PASSWORD)
  await admin.press('#password', 'Enter')
  await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await admin.goto('/tenants')
  await admin.getByRole('button', { name: 'Novo Tenant' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.locator('#name').fill(tenantName)
  await dialog.locator('#url').fill(`convite-${tag}.example.com`)
  await dialog.locator('#ownerName').fill(owner.name)
  await dialog.locator('#ownerEmail').fill(owner.email)
  await expectNoSeriousA11yViolations(admin, 'admin: Novo tenant com responsável')
  await screenshot(admin, `invitation-admin-new-tenant-${w}`)
  const [created] = await Promise.all([
    admin.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/tenants'),
    dialog.getByRole('button', { name: 'Criar tenant' }).click(),
  ])
  assert.equal(created.status(), 201)
  const tenant = await created.json()
  const invitation = tenant.ownerInvitation
  assert.equal(invitation.email, owner.email)

  // 2. The result panel: the invitation as it is, its link and both portals, each copied whole.
  await dialog.getByRole('heading', { name: `Tenant ${tenantName} criado` }).waitFor()
  await expectHonestOutcome(dialog, invitation)
  await dialog.getByText('Não é preciso repassar a chave: o convite já dá acesso.', { exact: false }).waitFor()
  await expectNoSeriousA11yViolations(admin, 'admin: tenant criado (convite e portais)')
  await screenshot(admin, `invitation-admin-created-${w}`)
  const link = await dialog.getByLabel('Link do convite').inputValue()
  assert.equal(link, invitation.inviteLink)
  assert.match(link, /\/tenant\/convite\?token=[0-9a-f]{32}\.[0-9a-f]{64}$/)
  await expectCopies(admin, dialog, 'Copiar link do convite', link)
  await expectCopies(admin, dialog, 'Copiar endereço do portal do revendedor', tenant.ownerPortalUrl)
  await expectCopies(admin, dialog, 'Copiar endereço do portal do cliente', tenant.clientPortalUrl)
  if (!invitation.emailNotSent) {
    // Said sent: it reaches the mailer, with the same link.
    const mail = await mailbox.waitFor(owner.email, 'Convite')
    assert.ok(mail.html.replaceAll('&amp;', '&').includes(link), 'the e-mail carries the link the panel shows')
  }
  await dialog.getByRole('button', { name: 'Concluir' }).click()

  // 3. The owner, in a browser of their own, accepts: a password, and in, without ever seeing the key.
  const ownerPage = await freshPage(size)
  pages.push(ownerPage)
  await acceptInvitation(ownerPage, { link, password: owner.password, tenantName, landing: '/tenant/dashboard', shot: `invitation-owner-convite-${w}` })
  await ownerPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await screenshot(ownerPage, `invitation-owner-dashboard-${w}`)

  // 4. Out and back in with e-mail and password only: this browser holds the tenant pass.
  await signOut(ownerPage)
  await ownerPage.getByText(`Entrando em ${tenantName}`).waitFor()
  assert.equal(await ownerPage.getByLabel('Chave de Segurança').count(), 0, 'no key field on a browser that holds the pass')
  await expectNoSeriousA11yViolations(ownerPage, 'tenant: login sem chave')
  await screenshot(ownerPage, `invitation-owner-login-no-key-${w}`)
  const keyAsked = await fillOwnerLogin(ownerPage, { email: owner.email, password: owner.password, securityKey: 'nunca-digitada' })
  assert.equal(keyAsked, false)
  await ownerPage.getByRole('button', { name: 'Entrar' }).click()
  await ownerPage.waitForURL((url) => url.pathname === '/tenant/dashboard')

  // 5. Both portals' addresses in Configurações.
  await ownerPage.goto('/tenant/settings')
  const addresses = ownerPage.getByRole('heading', { level: 2, name: 'Endereços dos portais' })
  await addresses.waitFor()
  assert.equal(await ownerPage.getByLabel('Portal do cliente (compradores)').inputValue(), tenant.clientPortalUrl)
  assert.equal(await ownerPage.getByLabel('Portal do revendedor (você e a equipe)').inputValue(), tenant.ownerPortalUrl)
  await expectCopies(ownerPage, ownerPage, 'Copiar endereço do portal do cliente', tenant.clientPortalUrl)
  await addresses.scrollIntoViewIfNeeded()
  await expectNoSeriousA11yViolations(ownerPage, 'tenant: configurações (endereços dos portais)')
  await screenshot(ownerPage, `invitation-owner-portal-addresses-${w}`)

  // 6. The owner invites a Suporte member and copies the link.
  await ownerPage.goto('/tenant/team')
  await ownerPage.getByRole('button', { name: 'Convidar' }).click()
  const invite = ownerPage.getByRole('dialog', { name: 'Convidar para a equipe' })
  await invite.getByLabel('Nome').fill(member.name)
  await invite.getByLabel('E-mail').fill(member.email)
  await invite.getByRole('combobox', { name: 'Perfil' }).click()
  await ownerPage.getByRole('option', { name: 'Suporte', exact: true }).click()
  const [invited] = await Promise.all([
    ownerPage.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/tenant/team'),
    invite.getByRole('button', { name: 'Enviar convite' }).click(),
  ])
  assert.equal(invited.status(), 201)
  const sent = await invited.json()
  await expectHonestOutcome(invite, sent)
  await expectNoSeriousA11yViolations(ownerPage, 'tenant: convite da equipe enviado')
  await screenshot(ownerPage, `invitation-team-invited-${w}`)
  await expectCopies(ownerPage, invite, 'Copiar link do convite', sent.inviteLink)
  await invite.getByRole('button', { name: 'Concluir' }).click()
  await ownerPage.getByText(member.email, { exact: true }).first().waitFor()

  // 7. The member, in another fresh browser, accepts and lands on the clients (Suporte has no dashboard).
  const memberPage = await freshPage(size)
  pages.push(memberPage)
  await acceptInvitation(memberPage, { link: sent.inviteLink, password: member.password, tenantName, landing: '/tenant/clients', shot: `invitation-member-convite-${w}` })
  await memberPage.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor()
  await screenshot(memberPage, `invitation-member-clients-${w}`)

  // 8. The same link a second time: the page says it is used up, and what to do.
  const again = await freshPage(size)
  pages.push(again)
  await again.goto(sent.inviteLink)
  await again.getByLabel('Nova senha').fill('outra-senha-1')
  await again.getByLabel('Confirmar senha').fill('outra-senha-1')
  await again.getByRole('button', { name: 'Criar senha e entrar' }).click()
  await again.getByText('Peça um novo convite a quem convidou você', { exact: false }).first().waitFor()
  await expectNoSeriousA11yViolations(again, 'tenant: convite já usado')
  await screenshot(again, `invitation-link-used-${w}`)
}
