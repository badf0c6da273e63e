// Kiwify from the owner's own screen to the buyer's sign-in, in Chromium against the real server: a new tenant's
// owner opens a robot's page → its "Canais de venda" → Kiwify → saves the robot's token (the screen then says how
// it begins) → copies the webhook URL (the whole value). Then this test plays Kiwify: it posts an order_approved
// (the shape of api/tests/fixtures/kiwify/order_approved.json, a fresh order and buyer) to the URL shown, signed as
// Kiwify signs (`?signature=` = HMAC-SHA1 hex of the raw body under the token). The owner sees the event processed
// in the log and the sale, origin Kiwify, in the sales list; the buyer receives the welcome e-mail with the order as
// purchase id (at the local Resend stand-in) and signs in to the client portal with it. Screenshots:
// e2e/screenshots/kiwify-*.png; axe on each screen.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { baseUrl, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, purchaseIdLogin, requireEnv, screenshot } from './support.mjs'
import { acceptAsOwner, createRobot, createTenantWithOwner } from './fresh-tenant.mjs'

requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD', 'E2E_RESEND_PORT')

const run = Date.now().toString(36)
const fixture = new URL('../../api/tests/fixtures/kiwify/order_approved.json', import.meta.url)

let browser
let mailbox
before(async () => {
  mailbox = await openMailbox()
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** "2030-01-15 10:31", the way Kiwify writes its dates. */
function kiwifyDate(date) {
  return date.toISOString().slice(0, 16).replace('T', ' ')
}

/** An order_approved for `email`, from the fixture: a fresh order and subscription, dated now. */
async function approvedOrder(email) {
  const order = JSON.parse(await readFile(fixture, 'utf8'))
  const now = new Date()
  const next = new Date(now.getTime() + 31 * 24 * 3600 * 1000)
  order.order_id = randomUUID()
  order.order_ref = `K${run}`.slice(0, 12)
  order.created_at = order.updated_at = order.approved_date = kiwifyDate(now)
  order.Customer = { ...order.Customer, full_name: 'Kátia Kiwi', first_name: 'Kátia', email }
  const subscription = randomUUID()
  order.subscription_id = subscription
  order.Subscription = {
    ...order.Subscription,
    id: subscription,
    start_date: now.toISOString(),
    next_payment: next.toISOString(),
    charges: { completed: [{ ...order.Subscription.charges.completed[0], order_id: order.order_id, created_at: now.toISOString() }], future: [{ charge_date: next.toISOString() }] },
  }
  return order
}

test('Kiwify journey: the owner saves the robot\'s token, a signed Kiwify sale arrives, the buyer gets the license and signs in', async () => {
  const page = await newPage(browser, { width: 1366, height: 768, timeout: 20_000 })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  try {
    await journey(page)
  } catch (error) {
    await screenshot(page, 'kiwify-failed').catch(() => {})
    throw error
  } finally {
    await page.context().close()
  }
})

async function journey(page) {
  const tag = `kiwify-${run}`
  const tenant = await createTenantWithOwner({ tag, name: `Kiwify ${run}` })
  await acceptAsOwner(page, tenant)
  const robotName = 'Robô Kiwify'
  const robotId = await createRobot(page, robotName)

  // 1. From the robot's page, its sales channels, to Kiwify.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: `Versões de ${robotName}` }).click()
  await page.waitForURL((url) => url.pathname === `/tenant/robots/${robotId}/versions`)
  await page.getByRole('navigation', { name: 'Canais de venda' }).getByRole('link', { name: 'Kiwify' }).click()
  await page.waitForURL((url) => url.pathname === `/tenant/robots/${robotId}/kiwify`)
  await page.getByRole('heading', { level: 1, name: `Kiwify · ${robotName}` }).waitFor()
  await page.getByText('Nenhum evento recebido ainda.').waitFor()
  await page.getByTestId('no-recovery').getByText(/A Kiwify não oferece consulta de vendas anteriores/).waitFor()
  await page.getByRole('list', { name: 'Passos no painel da Kiwify' }).getByText(/Apps → Webhooks/).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: Kiwify do robô')
  await screenshot(page, 'kiwify-setup')

  // 2. The robot's token, pasted by the owner (hidden, can be shown); the screen then says how it begins.
  const token = `kiwi${run}token${Math.random().toString(36).slice(2, 10)}`
  await page.getByLabel('Token', { exact: true }).fill(token)
  await page.getByRole('button', { name: 'Mostrar token' }).click()
  assert.equal(await page.getByLabel('Token', { exact: true }).getAttribute('type'), 'text')
  const saved = page.waitForResponse((response) => response.url().endsWith(`/sales-channels/kiwify/token`))
  await page.getByRole('button', { name: 'Salvar token' }).click()
  const savedAnswer = await saved
  assert.equal(savedAnswer.status(), 200, `the token is saved: ${await savedAnswer.text()}`)
  const state = page.getByTestId('secret-state')
  await state.getByText(/^Token configurado \(começa com /).waitFor()
  const prefix = (await state.innerText()).match(/começa com (.+)\)/)[1]
  assert.ok(token.startsWith(prefix), `"${prefix}" is how the token begins`)

  // 3. The webhook URL, whole, and copied whole.
  const webhookUrl = await page.getByLabel('URL do webhook').inputValue()
  assert.ok(webhookUrl.endsWith(`/api/webhooks/kiwify/robot/${robotId}`), webhookUrl)
  await page.getByRole('button', { name: 'Copiar URL do webhook' }).click()
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), webhookUrl, 'the copy is the whole URL')

  // 4. Kiwify's delivery: the raw body signed with the token, posted to the URL the owner copied.
  const buyer = `kiwi-${run}@example.com`
  const order = await approvedOrder(buyer)
  const body = JSON.stringify(order)
  const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  assert.equal(unsigned.status, 401, 'an unsigned delivery is refused')
  const signature = createHmac('sha1', token).update(body).digest('hex')
  const delivery = await fetch(`${webhookUrl}?signature=${signature}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  assert.equal(delivery.status, 200, await delivery.text())

  // 5. The owner's log shows it processed, with the buyer (the worker takes a moment: reload until it has).
  const row = page.getByRole('row').filter({ hasText: buyer })
  for (let tries = 0; ; tries++) {
    await page.reload()
    await page.getByRole('heading', { level: 1, name: `Kiwify · ${robotName}` }).waitFor()
    if ((await row.count()) > 0 && (await row.getByText('Processado').count()) > 0) break
    assert.ok(tries < 20, `the sale is processed in the log: ${await page.getByRole('region', { name: 'Registro de eventos' }).innerText()}`)
    await page.waitForTimeout(1000)
  }
  await row.getByText('Compra aprovada').waitFor()
  await page.getByTestId('last-event').getByText(/^Último evento recebido:/).waitFor()
  await page.getByTestId('channel-refusal').getByText(/^Recusado: .+ — 1 vez/).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: Kiwify, venda processada')
  await screenshot(page, 'kiwify-sale-processed')

  // 6. The sale in the owner's sales list, origin Kiwify.
  await page.goto('/tenant/sales')
  const sale = page.getByRole('row').filter({ hasText: order.order_id })
  await sale.getByText('Kiwify', { exact: true }).waitFor()
  await sale.getByText(/R\$\s97,00/).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: vendas, com a venda da Kiwify')
  await screenshot(page, 'kiwify-sale-listed')

  // 7. The buyer's welcome e-mail names the order as the purchase id; they sign in with it.
  const welcome = await mailbox.waitFor(buyer, 'Bem-vindo(a)')
  assert.ok(welcome.html.includes(order.order_id), `the order in the welcome e-mail: ${welcome.html}`)
  const client = await newPage(browser, { width: 390, height: 844, timeout: 20_000 })
  try {
    await client.goto(`/client/login?tenant=${encodeURIComponent(`${tag}.example.com`)}`)
    await purchaseIdLogin(client, mailbox, { email: buyer, purchaseId: order.order_id })
    await client.goto('/client/robots')
    await client.getByRole('article', { name: robotName }).waitFor()
    await expectNoSeriousA11yViolations(client, 'client: robôs, depois da venda da Kiwify')
    await screenshot(client, 'kiwify-buyer-robots')
  } finally {
    await client.context().close()
  }
}
