// A sale made outside Hotmart, in Chromium against the real server: the owner records a PIX sale in "Registrar
// venda" → the buyer, new to the tenant, receives the access e-mail with the purchase id (read at the local Resend
// stand-in) → signs in to the client portal with e-mail + purchase id and the code e-mailed to them → downloads
// the robot's active version (uploaded here by the owner through the API) → confirms their MetaTrader account →
// the robot's license check for that buyer answers OK. Runs before the owner journey (which changes the owner's
// password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, purchaseIdLogin, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const run = Date.now().toString(36)
const ACCOUNT = `7${String(Date.now()).slice(-7)}`

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT', 'E2E_RESEND_PORT')

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

/** Bytes that pass for a compiled robot (binary, no known foreign format). */
function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7727) % 251))
}

/**
 * The owner, through the API with the session its page holds: the tenant's id, the demo robot's id, and a fresh
 * active version of the demo robot (so the download is this journey's file).
 */
async function demoRobotWithVersion(owner, bytes) {
  const headers = { 'x-tenant-secret': env.E2E_TENANT_SECRET }
  const me = await (await owner.request.get('/api/tenant-auth/me', { headers })).json()
  const robots = await (await owner.request.get(`/api/tenant/robots?q=${encodeURIComponent('Robô Demo')}`, { headers })).json()
  const robot = robots.items[0]
  assert.ok(robot, 'the demo robot')
  const version = `${100 + (Date.now() % 800)}.${Date.now() % 900}.0`
  const upload = await owner.request.post(`/api/tenant/robots/${robot.id}/versions/upload`, {
    headers: { ...headers, 'x-requested-with': 'e2e' },
    multipart: { file: { name: 'RoboDemo.ex5', mimeType: 'application/octet-stream', buffer: bytes }, version, notes: 'Venda manual' },
  })
  assert.equal(upload.status(), 201, await upload.text())
  const activate = await owner.request.patch(`/api/tenant/robots/${robot.id}/active-version`, { headers, data: { version } })
  assert.equal(activate.status(), 200, await activate.text())
  return { tenantId: me.tenant.id, robotId: robot.id }
}

test('manual sale journey: the owner records a PIX sale, the buyer signs in with the purchase id, downloads and the license check answers OK', async () => {
  const bytes = fakeEx5(run.length + 3)
  const buyer = `pix-${run}@example.com`

  // The owner records the sale.
  const owner = await newPage(browser)
  await signInAsOwner(owner)
  const { tenantId, robotId } = await demoRobotWithVersion(owner, bytes)
  await owner.goto('/tenant/sales')
  await owner.getByRole('button', { name: 'Registrar venda' }).waitFor()
  await expectNoSeriousA11yViolations(owner, 'tenant: sales')
  await owner.getByRole('button', { name: 'Registrar venda' }).click()
  const dialog = owner.getByRole('dialog', { name: 'Registrar venda' })
  await dialog.getByLabel('E-mail do comprador').waitFor()
  await expectNoSeriousA11yViolations(owner, 'tenant: dialog Registrar venda')
  // Keyboard first: the dialog opens on the buyer's name.
  await owner.keyboard.type('Paula Pix')
  await dialog.getByLabel('E-mail do comprador').fill(buyer)
  await dialog.getByLabel('Telefone').fill('(11) 91234-5678')
  await dialog.getByRole('combobox', { name: /Robô/ }).click()
  await owner.getByRole('option', { name: 'Robô Demo' }).first().click()
  await dialog.getByLabel(/Valor/).fill('0')
  await dialog.getByRole('button', { name: 'Registrar venda' }).click()
  // The form's own rule, in pt-BR, under the field; what was typed stays.
  await dialog.getByText('O valor deve ser maior que zero').waitFor()
  assert.equal(await dialog.getByLabel('E-mail do comprador').inputValue(), buyer)
  await dialog.getByLabel(/Valor/).fill('297.90')
  assert.match(await dialog.getByRole('combobox', { name: /Forma de pagamento/ }).innerText(), /PIX/)
  await screenshot(owner, 'manual-sale-dialog')
  await dialog.getByRole('button', { name: 'Registrar venda' }).click()
  // The answer stays in the dialog, told as it is: the access e-mail waits its turn (it is never said to be sent).
  const outcome = dialog.getByTestId('manual-sale-outcome')
  await outcome.getByText('E-mail de acesso na fila de envio').waitFor().catch(async (error) => {
    await screenshot(owner, 'manual-sale-failed')
    throw error
  })
  assert.equal(await owner.getByText(/Enviamos/).count(), 0)
  const purchaseId = (await outcome.getByText(/^MAN-[A-Z0-9]{10}$/).innerText()).trim()
  await outcome.getByRole('button', { name: 'Fechar' }).click()
  const row = owner.getByRole('row').filter({ hasText: purchaseId })
  await row.getByText('Manual · PIX').waitFor()
  await row.getByText(/R\$\s297,90/).first().waitFor()
  await expectNoSeriousA11yViolations(owner, 'tenant: sales, with the new sale')
  await screenshot(owner, 'manual-sale-listed')
  await owner.context().close()

  // The access e-mail a Hotmart buyer gets: how to sign in with the e-mail and this purchase id.
  const welcome = await mailbox.waitFor(buyer, 'Bem-vindo(a)')
  assert.ok(welcome.html.includes(purchaseId), `the purchase id in the welcome e-mail: ${welcome.html}`)
  await mailbox.waitFor(buyer, 'Compra confirmada')

  // The buyer signs in with the e-mail and the purchase id, proving the e-mail with the code sent to it.
  const page = await newPage(browser, { acceptDownloads: true })
  await page.goto(`/client/login?tenant=${env.E2E_TENANT}`)
  await purchaseIdLogin(page, mailbox, { email: buyer, purchaseId })

  // Downloads the robot: the active version's bytes.
  await page.goto('/client/robots')
  const card = page.getByRole('article', { name: 'Robô Demo' })
  await card.waitFor()
  const downloaded = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Download' }).click()
  const download = await downloaded
  assert.match(download.suggestedFilename(), /\.ex5$/)
  assert.deepEqual(await readFile(await download.path()), bytes)

  // Confirms the MetaTrader account the robot will run on.
  await card.getByRole('button', { name: /Trocar Conta/ }).click()
  const accountDialog = page.getByRole('dialog')
  await accountDialog.getByLabel('Número da Conta').fill(ACCOUNT)
  await accountDialog.getByRole('button', { name: /Salvar|Confirmar|Trocar/ }).first().click()
  await page.getByText('Conta atualizada').first().waitFor()
  await screenshot(page, 'manual-sale-buyer-robots')

  // The robot's license check for this buyer and account: valid.
  const check = await page.request.post('/api/webhooks/validate-license', {
    data: { email: buyer, mtAccount: ACCOUNT, robotId, tenantId, nonce: `e2e${run}` },
  })
  assert.equal(check.status(), 200, await check.text())
  const answer = await check.json()
  assert.equal(answer.valid, true, JSON.stringify(answer))
  assert.equal(answer.code, 'OK', JSON.stringify(answer))
  await page.context().close()
})
