// Hotmart from the owner's own screen, in Chromium against the real server, at 1366×768 and at 390×844: a new tenant's
// owner opens a robot's Hotmart screen from the robots list → copies the webhook URL (the whole value) → saves the
// hottok (the screen then says how it begins) → sends a test event and sees it received, through the real intake →
// a postback with a wrong hottok is posted to the URL shown → after a reload the log shows it refused, counted. Screenshots: e2e/screenshots/first-day-hotmart-*.png;
// axe on the screen in each state.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot } from './support.mjs'
import { acceptAsOwner, createRobot, createTenantWithOwner } from './fresh-tenant.mjs'

requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD')

const run = Date.now().toString(36)
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]

let browser
before(async () => {
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
})

for (const size of SIZES) {
  test(`Hotmart setup journey at ${size.width}×${size.height}: URL, hottok, test event received, a bad postback refused`, async () => {
    const page = await newPage(browser, { ...size, timeout: 20_000 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    try {
      await journey(page, size.width)
    } catch (error) {
      await screenshot(page, `first-day-hotmart-failed-${size.width}`).catch(() => {})
      throw error
    } finally {
      await page.context().close()
    }
  })
}

async function journey(page, w) {
  const tag = `hotmart-${run}-${w}`
  const tenant = await createTenantWithOwner({ tag, name: `Hotmart ${run} ${w}` })
  await acceptAsOwner(page, tenant)
  const robotName = `Robô Hotmart ${w}`
  const robotId = await createRobot(page, robotName)

  // 1. From the robots list (a labelled row action, on a card on a phone) to the robot's Hotmart screen.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: `Hotmart de ${robotName}` }).click()
  await page.waitForURL((url) => url.pathname === `/tenant/robots/${robotId}/hotmart`)
  await page.getByRole('heading', { level: 1, name: `Hotmart · ${robotName}` }).waitFor()
  await page.getByText('Nenhum evento recebido ainda.').waitFor()

  // 2. The webhook URL, whole, and copied whole.
  const urlField = page.getByLabel('URL do webhook')
  const webhookUrl = await urlField.inputValue()
  assert.ok(webhookUrl.endsWith(`/api/webhooks/hotmart/robot/${robotId}`), webhookUrl)
  await page.getByRole('button', { name: 'Copiar URL do webhook' }).click()
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), webhookUrl, 'the copy is the whole URL')
  await page.getByRole('list', { name: 'Passos no painel da Hotmart' }).getByText('Escolha a versão 2.0.0.').waitFor()
  await expectNoSeriousA11yViolations(page, `tenant: Hotmart do robô (${w})`)
  await screenshot(page, `first-day-hotmart-setup-${w}`)

  // 3. The hottok, typed by the owner (hidden, can be shown); the screen then says how it begins.
  const hottok = `hottok${run}${w}`
  await page.getByLabel('Hottok', { exact: true }).fill(hottok)
  await page.getByRole('button', { name: 'Mostrar hottok' }).click()
  assert.equal(await page.getByLabel('Hottok', { exact: true }).getAttribute('type'), 'text')
  await page.getByRole('button', { name: 'Salvar hottok' }).click()
  const state = page.getByTestId('secret-state')
  await state.getByText(/^Hottok configurado \(começa com /).waitFor()
  const prefix = (await state.innerText()).match(/começa com (.+)\)/)[1]
  assert.ok(hottok.startsWith(prefix), `"${prefix}" is how "${hottok}" begins`)

  // 4. The test event: sent, awaited, received through the real intake.
  await page.getByRole('button', { name: 'Enviar evento de teste' }).click()
  const outcome = page.getByTestId('test-event-outcome')
  await outcome.getByText('Evento de teste recebido', { exact: true }).waitFor({ timeout: 25_000 })
  await outcome.getByText(/a integração funciona/).waitFor()
  await page.getByTestId('last-event').getByText(/^Último evento recebido:/).waitFor()
  await expectNoSeriousA11yViolations(page, `tenant: Hotmart, evento de teste recebido (${w})`)
  await screenshot(page, `first-day-hotmart-test-received-${w}`)

  // 5. A postback with a wrong hottok, to the URL shown (on a development host it is this server's own address).
  const postback = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hotmart-hottok': `errado-${run}` },
    body: JSON.stringify({ id: `evt-${tag}`, event: 'PURCHASE_APPROVED', version: '2.0.0', creation_date: Date.now(), data: {} }),
  })
  assert.ok(postback.status >= 400, `a wrong hottok is refused (${postback.status})`)

  // 6. After a reload the log shows it refused, counted.
  await page.reload()
  const refusal = page.getByTestId('channel-refusal')
  await refusal.waitFor()
  const refused = await refusal.innerText()
  assert.match(refused, /^Recusado: .+ — 1 vez, última em \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
  assert.ok(!refused.startsWith('Recusado: Recusado'), refused)
  await expectNoSeriousA11yViolations(page, `tenant: Hotmart, envio recusado (${w})`)
  await screenshot(page, `first-day-hotmart-refused-${w}`)
}
