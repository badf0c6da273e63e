// The admin's whole day in Chromium against the real server (with its workers): create a tenant (generate
// and copy its security key; its first owner is invited), another owner, a robot (copy its webhook URL), a client, a license and a sale; then
// a Hotmart purchase posted to the copied webhook URL is announced by the bell and moves the dashboard.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { baseUrl, env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot } from './support.mjs'
/* global document -- callbacks passed to waitForFunction run in the page */

const fixture = new URL('../../shared/tests/fixtures/hotmart/purchase_approved.json', import.meta.url)
const HOTTOK = 'e2e-hottok-0123456789abcdef'
const run = Date.now().toString(36)

let browser
before(async () => {
  requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD')
  browser = await launchChromium()
})
after(async () => browser?.close())

/** Picks `option` in the Radix select labelled `label` inside `scope`. */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).first().click()
}

/** The number a dashboard card shows. */
async function cardValue(page, title) {
  const card = page.getByRole('group', { name: title })
  await card.waitFor()
  return (await card.innerText()).replace(title, '').trim().split('\n')[0]
}

test('admin journey: tenant, owner, robot, client, license, sale; a Hotmart purchase rings the bell and moves the dashboard', async () => {
  const page = await newPage(browser)
  const context = page.context()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  try {
    await journey(page, context)
  } catch (error) {
    await screenshot(page, 'admin-journey-failed')
    throw error
  } finally {
    await context.close()
  }
})

async function journey(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
  const tenantName = `Loja E2E ${run}`

  // Sign in.
  await page.goto('/auth')
  await page.fill('#username', env.E2E_ADMIN_USER)
  await page.fill('#password', env.E2E_ADMIN_PASSWORD)
  await page.press('#password', 'Enter')
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  const clientsBefore = await cardValue(page, 'Total de Clientes')

  // Tenant: generate the security key, copy it, save with a hottok; the key is shown once more.
  await page.goto('/tenants')
  await page.getByRole('button', { name: 'Novo Tenant' }).click()
  let dialog = page.getByRole('dialog')
  await dialog.locator('#name').waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Novo Tenant')
  await dialog.locator('#name').fill(tenantName)
  await dialog.locator('#url').fill(`https://loja-${run}.example.com`)
  await dialog.getByRole('button', { name: 'Gerar' }).click()
  const secret = await dialog.locator('#secretHash').inputValue()
  assert.match(secret, /^[0-9a-f]{64}$/, 'the generated key is 32 random bytes in hex')
  await dialog.getByRole('button', { name: 'Copiar secret hash' }).click()
  assert.equal(await clipboard(), secret)
  await dialog.locator('#hotmartWebhookSecret').fill(HOTTOK)
  await dialog.locator('#ownerName').fill('Responsável da Loja')
  await dialog.locator('#ownerEmail').fill(`responsavel-${run}@example.com`)
  await dialog.getByRole('button', { name: 'Criar tenant' }).click()
  // The result panel: the owner's invitation, both portals, and the key shown this once (quietly).
  await dialog.getByRole('heading', { name: `Tenant ${tenantName} criado` }).waitFor()
  assert.equal(await dialog.getByLabel('Secret hash', { exact: true }).inputValue(), secret)
  await dialog.getByRole('button', { name: 'Concluir' }).click()
  await page.getByRole('cell', { name: tenantName }).first().waitFor()
  await page.getByText(`${secret.slice(0, 12)}…`).waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: tenants')

  // Owner of that tenant.
  await page.goto('/tenant-owners')
  await page.getByRole('button', { name: 'Novo Owner' }).click()
  dialog = page.getByRole('dialog')
  await dialog.locator('#name').waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Novo Owner')
  await dialog.locator('#name').fill('Dona da Loja')
  await dialog.locator('#email').fill(`dona-${run}@example.com`)
  await dialog.locator('#password').fill('senha-segura-123')
  await choose(page, dialog, /Tenant/, tenantName)
  await dialog.getByRole('button', { name: 'Criar owner' }).click()
  await page.getByRole('cell', { name: `dona-${run}@example.com` }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: tenant owners')

  // Robot: its webhook URL is the tenant's URL plus the robot's path; copy it.
  await page.goto('/robots')
  await page.getByRole('button', { name: 'Novo Robô' }).click()
  dialog = page.getByRole('dialog')
  await dialog.locator('#name').waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Novo Robô')
  await choose(page, dialog, /Tenant/, tenantName)
  await dialog.locator('#name').fill(`Robô E2E ${run}`)
  await dialog.getByRole('button', { name: /Criar/ }).click()
  await page.getByRole('cell', { name: `Robô E2E ${run}` }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: robots')
  await page.getByRole('button', { name: `Copiar URL do webhook de Robô E2E ${run}` }).click()
  const webhookUrl = await clipboard()
  assert.match(webhookUrl, new RegExp(`^https://loja-${run}\\.example\\.com/api/webhooks/hotmart/robot/[0-9a-f-]{36}$`))

  // Client, license and a manual sale in that tenant.
  await page.goto('/clients')
  await page.getByRole('button', { name: 'Novo Cliente' }).click()
  dialog = page.getByRole('dialog')
  await dialog.locator('#name').waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Novo Cliente')
  await choose(page, dialog, /Tenant/, tenantName)
  await dialog.locator('#name').fill('Cliente Manual')
  await dialog.locator('#email').fill(`cliente-${run}@example.com`)
  await dialog.locator('#password').fill('senha-cliente-123')
  await dialog.getByRole('button', { name: 'Criar' }).click()
  await page.getByRole('cell', { name: `cliente-${run}@example.com` }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: clients')

  await page.goto('/client-robots')
  await page.getByRole('button', { name: 'Nova Licença' }).click()
  dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name: /Tenant/ }).waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Nova Licença')
  await choose(page, dialog, /Tenant/, tenantName)
  await choose(page, dialog, /^Cliente/, /Cliente Manual/)
  await choose(page, dialog, /^Robô/, `Robô E2E ${run}`)
  await choose(page, dialog, /^Status/, 'Ativa')
  await dialog.getByRole('button', { name: 'Criar' }).click()
  await page.getByRole('cell', { name: 'Cliente Manual' }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: licenses')

  await page.goto('/sales')
  await page.getByRole('button', { name: 'Nova Venda' }).click()
  dialog = page.getByRole('dialog')
  await dialog.locator('#externalId').waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: dialog Nova Venda')
  await choose(page, dialog, /Tenant/, tenantName)
  await dialog.locator('#externalId').fill(`MAN-${run}`)
  await choose(page, dialog, /^Origem/, 'Manual')
  await choose(page, dialog, /^Status/, 'Confirmada')
  await dialog.locator('#grossAmount').fill('150.00')
  await dialog.getByRole('button', { name: 'Criar' }).click()
  await page.getByRole('cell', { name: `MAN-${run}` }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: sales')

  // A Hotmart purchase of this month, posted to the copied URL's path on this server.
  await page.goto('/')
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await page.getByText('Online').or(page.getByRole('button', { name: /^Notificações/ })).first().waitFor()
  const salesBefore = await cardValue(page, 'Vendas do Mês')
  const purchase = JSON.parse(await readFile(fixture, 'utf8'))
  const now = Date.now()
  purchase.id = randomUUID()
  purchase.creation_date = now
  purchase.data.purchase.transaction = `HP${run.toUpperCase()}E2E`
  purchase.data.purchase.approved_date = now
  purchase.data.purchase.order_date = now
  purchase.data.buyer.email = `comprador-${run}@example.com`
  const answer = await page.request.post(new URL(webhookUrl).pathname, {
    headers: { 'content-type': 'application/json', 'x-hotmart-hottok': HOTTOK },
    data: purchase,
  })
  assert.equal(answer.status(), 200, await answer.text())

  // The bell announces it (badge, toast) and the dashboard follows.
  await page.waitForFunction(() => document.querySelector('[data-testid=notification-count]')?.textContent?.trim() === '1', null, { timeout: 20_000 })
  await page.getByText('Nova venda').first().waitFor()
  await page.getByRole('button', { name: /^Notificações/ }).first().click()
  await page.getByRole('menu').getByText('Venda', { exact: true }).waitFor()
  await expectNoSeriousA11yViolations(page, 'admin: notifications menu', {
    allow: {
      // Radix's modal menu hides the page from assistive technology (aria-hidden on #root) while its focus trap keeps
      // focus in the menu: what axe finds focusable under #root cannot be reached until the menu closes.
      'aria-hidden-focus': 'Radix menu: the page under it is aria-hidden and out of focus reach while it is open',
    },
  })
  await page.keyboard.press('Escape')
  await page.waitForFunction(
    ([title, before]) => {
      const card = [...document.querySelectorAll('[role=group]')].find((el) => el.textContent?.includes(title))
      return card && !card.textContent.includes(`${title}${before}`)
    },
    ['Vendas do Mês', salesBefore],
  )
  assert.notEqual(await cardValue(page, 'Vendas do Mês'), salesBefore)
  assert.notEqual(await cardValue(page, 'Total de Clientes'), clientsBefore)
  await screenshot(page, 'admin-journey-dashboard')
  assert.deepEqual(errors, [], 'the page threw uncaught errors')
}
