// The client's journey, in Chromium against the real server: a Hotmart subscription purchase arrives at the
// demo robot's webhook → the buyer signs in with e-mail + purchase id and the code e-mailed to them (read at the
// local Resend stand-in) → downloads the robot's active version (uploaded here by the owner through the API) →
// moves the license to their MetaTrader account → asks to cancel the subscription (billed by Hotmart: told how to
// cancel there, the seller notified). Runs before the owner journey (which
// changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { baseUrl, env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, purchaseIdLogin, requireEnv } from './support.mjs'

const fixture = new URL('../../shared/tests/fixtures/hotmart/subscription_approved.json', import.meta.url)
const DEMO_HOTTOK = 'demo-hottok-0000000000'
const run = Date.now().toString(36)

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT', 'E2E_RESEND_PORT')

let browser
let page
/** The e-mail the server sends (the sign-in code among it). */
let mailbox

before(async () => {
  mailbox = await openMailbox()
  browser = await launchChromium()
  page = await newPage(browser, { acceptDownloads: true })
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** Bytes that pass for a compiled robot (binary, no known foreign format). */
function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7919) % 251))
}

const ownerHeaders = () => ({ 'x-tenant-secret': env.E2E_TENANT_SECRET })

/** The owner, through the API in a context of its own: finds the demo robot and uploads a version. */
async function ownerUploadsVersion(owner, bytes) {
  const headers = ownerHeaders()
  const login = await owner.request.post('/api/tenant-auth/login', { headers, data: { email: env.E2E_OWNER_EMAIL, password: env.E2E_OWNER_PASSWORD } })
  assert.equal(login.status(), 200, await login.text())
  const robots = await (await owner.request.get(`/api/tenant/robots?q=${encodeURIComponent('Robô Demo')}`, { headers })).json()
  const robot = robots.items[0]
  assert.ok(robot, 'the demo robot')
  const version = `${7 + (Date.now() % 900)}.0.0`
  const upload = await owner.request.post(`/api/tenant/robots/${robot.id}/versions/upload`, {
    headers: { ...headers, 'x-requested-with': 'e2e' },
    multipart: { file: { name: 'RoboDemo.ex5', mimeType: 'application/octet-stream', buffer: bytes }, version, notes: 'Versão da jornada' },
  })
  assert.equal(upload.status(), 201, await upload.text())
  const activate = await owner.request.patch(`/api/tenant/robots/${robot.id}/active-version`, { headers, data: { version } })
  assert.equal(activate.status(), 200, await activate.text())
  return robot.id
}

test('client journey: Hotmart purchase, login with the purchase id, download, switch account, cancel the subscription', async () => {
  const bytes = fakeEx5(run.length)
  const owner = await browser.newContext({ baseURL: baseUrl })
  const robotId = await ownerUploadsVersion(owner, bytes)

  // A subscription purchase arrives from Hotmart at the robot's webhook.
  const purchase = JSON.parse(await readFile(fixture, 'utf8'))
  const email = `assinante-${run}@example.com`
  const transaction = `HP${run.toUpperCase()}E2E`
  purchase.id = crypto.randomUUID()
  purchase.data.buyer.email = email
  purchase.data.purchase.transaction = transaction
  purchase.data.subscription.subscriber.code = `SUB${run.toUpperCase()}`
  // Paid now, next charge in a month: the license runs until then.
  const now = Date.now()
  purchase.creation_date = now
  purchase.data.purchase.order_date = now - 60_000
  purchase.data.purchase.approved_date = now - 30_000
  purchase.data.purchase.date_next_charge = now + 30 * 24 * 3600 * 1000
  const posted = await page.request.post(`/api/webhooks/hotmart/robot/${robotId}`, {
    headers: { 'content-type': 'application/json', 'x-hotmart-hottok': DEMO_HOTTOK },
    data: purchase,
  })
  assert.equal(posted.status(), 200, await posted.text())

  // The event is processed by a job: the owner sees the sale once it is.
  for (let i = 0; ; i++) {
    const sales = await (await owner.request.get(`/api/tenant/sales?q=${transaction}`, { headers: ownerHeaders() })).json()
    if (sales.total === 1 && sales.items[0].status === 'confirmed') break
    // Generous: right after the server starts the job workers can take a while to pick up their first job.
    assert.ok(i < 240, `the purchase was not processed in 2 minutes: ${JSON.stringify(sales)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await owner.close()

  // Sign in with e-mail + purchase id, proving the e-mail with the code sent to it.
  await page.goto(`/client/login?tenant=${env.E2E_TENANT}`)
  await purchaseIdLogin(page, mailbox, { email, purchaseId: transaction })
  await page.getByText('Login realizado com sucesso!').first().waitFor()

  // Download the robot: the active version's bytes, under its file name.
  await page.goto('/client/robots')
  await page.getByText('Robô Demo').first().waitFor()
  const downloadButton = page.getByRole('article', { name: 'Robô Demo' }).getByRole('button', { name: 'Download' })
  await downloadButton.waitFor()
  await expectNoSeriousA11yViolations(page, 'client: robots and licenses')
  const downloaded = page.waitForEvent('download').catch(async (error) => {
    await page.screenshot({ path: new URL('./screenshots/client-download-failed.png', import.meta.url).pathname, fullPage: true })
    throw error
  })
  await downloadButton.click()
  const download = await downloaded
  assert.match(download.suggestedFilename(), /\.ex5$/)
  const saved = await download.path()
  assert.deepEqual(await readFile(saved), bytes)

  // Move the license to a MetaTrader account.
  await page.getByRole('button', { name: /Trocar Conta/ }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Número da Conta').waitFor()
  await expectNoSeriousA11yViolations(page, 'client: dialog Trocar Conta')
  await dialog.getByLabel('Número da Conta').fill('87654321')
  await dialog.getByRole('button', { name: /Salvar|Confirmar|Trocar/ }).first().click()
  await page.getByText('Conta atualizada').first().waitFor()
  await page.getByText('87654321').first().waitFor()

  // Cancel the subscription. Hotmart bills it and this seller has not connected the Hotmart API: the portal says how
  // to cancel at Hotmart, tells the seller, keeps the subscription active and never claims the billing stopped.
  await page.goto('/client/subscriptions')
  await page.getByRole('button', { name: 'Cancelar assinatura' }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'client: subscriptions')
  await page.getByRole('button', { name: 'Cancelar assinatura' }).first().click()
  const hotmartDialog = page.getByRole('alertdialog', { name: 'Cancelar na Hotmart' })
  await hotmartDialog.getByText(/Para cancelar a cobrança, acesse sua conta na Hotmart/).waitFor()
  await expectNoSeriousA11yViolations(page, 'client: dialog Cancelar na Hotmart')
  await hotmartDialog.getByRole('button', { name: 'Avisar o vendedor' }).click()
  await page.getByText('Pedido registrado').first().waitFor()
  await page.getByText(/Cancelamento solicitado em/).first().waitFor()
  await page.getByText('Ativa').first().waitFor()
  assert.equal(await page.getByText(/não será mais cobrado/).count(), 0, 'never claims the billing stopped')
  assert.equal(await page.getByRole('button', { name: 'Cancelar assinatura' }).count(), 0, 'asked once')
})
