// The erasure journey (LGPD), in Chromium against the real server: a Hotmart purchase of the demo robot makes a
// buyer with a sale → the owner reads the month's revenue, opens the client, downloads their data export (a JSON
// file with their e-mail), erases them typing the e-mail (the dialog downloads the export first) → the clients list
// no longer shows the name or the e-mail anywhere, the sale stays in the sales list without them, and the revenue
// is unchanged. Runs before the owner journey (which changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const fixture = new URL('../../shared/tests/fixtures/hotmart/purchase_approved.json', import.meta.url)
const DEMO_HOTTOK = 'demo-hottok-0000000000'
const run = Date.now().toString(36)

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET')

let browser
let page

before(async () => {
  browser = await launchChromium()
  page = await newPage(browser, { acceptDownloads: true })
})
after(async () => {
  await browser?.close()
})

/** The owner's API calls from the signed-in page: its session cookie plus the security key, as the portal sends them. */
const ownerHeaders = () => ({ 'x-tenant-secret': env.E2E_TENANT_SECRET })

/** The figure on the dashboard card titled `title` (a fresh load of the dashboard, so no cached answer). */
async function dashboardFigure(title) {
  await page.goto('/tenant/dashboard')
  const card = page.getByRole('group', { name: title })
  await card.getByText(/^R\$/).waitFor()
  return (await card.innerText()).replace(title, '').trim().split('\n')[0]
}

/** Waits for the download that `action` starts; answers its file name and its text. */
async function downloadOf(action) {
  const [download] = await Promise.all([page.waitForEvent('download'), action()])
  const path = await download.path()
  assert.ok(path, `the download was saved: ${await download.failure()}`)
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
}

/** A Hotmart purchase of the demo robot by `buyer`, posted to its webhook; resolves once the sale is confirmed. */
async function hotmartPurchase(buyer, transaction) {
  const robots = await (await page.request.get(`/api/tenant/robots?q=${encodeURIComponent('Robô Demo')}`, { headers: ownerHeaders() })).json()
  const robot = robots.items[0]
  assert.ok(robot, 'the demo robot')

  const purchase = JSON.parse(await readFile(fixture, 'utf8'))
  purchase.id = crypto.randomUUID()
  purchase.hottok = DEMO_HOTTOK
  purchase.data.buyer = { ...purchase.data.buyer, ...buyer }
  purchase.data.purchase.transaction = transaction
  const now = Date.now()
  purchase.creation_date = now
  purchase.data.purchase.order_date = now - 60_000
  purchase.data.purchase.approved_date = now - 30_000
  const posted = await page.request.post(`/api/webhooks/hotmart/robot/${robot.id}`, {
    headers: { 'content-type': 'application/json', 'x-hotmart-hottok': DEMO_HOTTOK },
    data: purchase,
  })
  assert.equal(posted.status(), 200, await posted.text())

  // A job processes the event: the sale appears once it has.
  for (let i = 0; ; i++) {
    const sales = await (await page.request.get(`/api/tenant/sales?q=${transaction}`, { headers: ownerHeaders() })).json()
    if (sales.total === 1 && sales.items[0].status === 'confirmed') return sales.items[0]
    assert.ok(i < 240, `the purchase was not processed in 2 minutes: ${JSON.stringify(sales)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

test('erasure journey: a buyer with a sale, export, erase by typing the e-mail; gone from the clients list, revenue unchanged', async () => {
  await signInAsOwner(page)
  const revenueBefore = await dashboardFigure('Receita do Mês')

  const name = `Titular LGPD ${run}`
  const email = `titular-${run}@example.com`
  const transaction = `HP${run.toUpperCase()}LGPD`
  const sale = await hotmartPurchase({ name, email, first_name: 'Titular', last_name: `LGPD ${run}` }, transaction)

  // The month's revenue counts the sale.
  const revenue = await dashboardFigure('Receita do Mês')
  assert.notEqual(revenue, revenueBefore, 'the sale is in the month revenue')

  // The client's page, reached from the clients list, shows the sale.
  await page.goto(`/tenant/clients?q=${encodeURIComponent(email)}`)
  await page.getByRole('link', { name: `Ver Detalhes de ${name}` }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/tenant/clients/'))
  const clientId = page.url().split('/').pop()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByRole('region', { name: 'Histórico de compras' }).getByText(transaction).waitFor()

  // Export: a JSON file named after the client, carrying their e-mail.
  const exported = await downloadOf(() => page.getByRole('button', { name: 'Exportar dados (LGPD)' }).click())
  assert.equal(exported.name, `cliente-${clientId.replaceAll('-', '')}.json`)
  const data = JSON.parse(exported.text)
  assert.ok(JSON.stringify(data).includes(email), `the export names the client's e-mail: ${exported.text.slice(0, 500)}`)
  await page.getByText('Exportação baixada').first().waitFor()

  // Erase: the dialog says what happens, opens only with the e-mail typed, and downloads the export first.
  await page.getByRole('button', { name: 'Apagar dados do cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Apagar dados do cliente' })
  await dialog.getByText('Esta ação não pode ser desfeita.').waitFor()
  const erase = dialog.getByRole('button', { name: 'Baixar exportação e apagar' })
  assert.equal(await erase.isDisabled(), true, 'no erasure before the e-mail is typed')
  await dialog.getByLabel('Digite o e-mail do cliente para confirmar').fill(email)
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Apagar dados do cliente')
  await screenshot(page, 'erasure-dialog')
  const beforeErasure = await downloadOf(() => erase.click())
  assert.ok(beforeErasure.text.includes(email), 'the export downloaded before the erasure names the client')
  await page.getByText('Dados do cliente apagados').first().waitFor()
  await page.getByText(/1 licença cancelada/).first().waitFor()
  await page.getByRole('heading', { level: 1, name: 'Cliente apagado (LGPD)' }).waitFor()
  await page.getByText('Os dados pessoais deste cliente foram apagados.').waitFor()
  await screenshot(page, 'erasure-client-erased')

  // The clients list shows neither the name nor the e-mail, searched or not.
  for (const q of [email, name]) {
    await page.goto(`/tenant/clients?q=${encodeURIComponent(q)}`)
    await page.getByText('Nenhum cliente encontrado').waitFor()
  }
  await page.goto('/tenant/clients')
  const clients = page.getByRole('table', { name: 'Clientes' })
  await clients.getByRole('cell', { name: 'Cliente apagado (LGPD)' }).first().waitFor()
  const listed = await page.locator('main').innerText()
  assert.ok(!listed.includes(name) && !listed.includes(email), `the clients list still shows the person: ${listed}`)

  // The sale stays, with its amount, without the person.
  await page.goto(`/tenant/sales?q=${transaction}`)
  const row = page.getByRole('row').filter({ hasText: transaction })
  await row.waitFor()
  const saleRow = await row.innerText()
  assert.ok(!saleRow.includes(name) && !saleRow.includes(email), `the sale still names the person: ${saleRow}`)
  const kept = await (await page.request.get(`/api/tenant/sales?q=${transaction}`, { headers: ownerHeaders() })).json()
  assert.equal(kept.items[0].amountPaidByCustomer, sale.amountPaidByCustomer)
  assert.equal(kept.items[0].status, 'confirmed')

  // The month's revenue is what it was.
  assert.equal(await dashboardFigure('Receita do Mês'), revenue)
})
