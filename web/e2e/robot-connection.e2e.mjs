// A robot's connection, as its buyer sees it on "Meus Robôs", in Chromium against the real server: the owner (through
// the API) gives the demo robot a fresh uploaded version (a shared .ex5: its robot asks for the purchase e-mail), a
// new client and a license bound to the client's MetaTrader account → the client signs in and sees, on the robot's
// card, "Ainda não conectado", the WebRequest URL with its copy button and the three steps to allow it in
// MetaTrader 5, and the e-mail to type in the robot → the robot's license check (the request the robot makes:
// e-mail, account, robot, tenant, a fresh nonce, protocol 2) answers OK → without a reload, the card turns to
// "Conectado: conta <n> · agora" when the list is next fetched (every 30 s while the page is visible). The card fits
// 1366 px and 390 px widths. Runs before the owner journey (which changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { baseUrl, env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot } from './support.mjs'
/* global window, document -- the callbacks of evaluate run in the page */

const run = Date.now().toString(36)
const ACCOUNT = `5${String(Date.now()).slice(-7)}`
const CLIENT = { name: 'Conceição Conexão', email: `conexao-${run}@example.com`, password: `senha-${run}` }
/** The list is fetched again every 30 s (LICENSES_REFRESH_MS); one missed turn is tolerated before failing. */
const LIVE_TIMEOUT_MS = 65_000

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT')

let browser

before(async () => {
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
})

/** Bytes that pass for a compiled robot (binary, no known foreign format). */
function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7541) % 251))
}

/**
 * The owner, through the API in a context of its own: the tenant's id, the demo robot with a fresh uploaded version
 * active (no personal builds: the file is the owner's .ex5), a client with a password, and that client's license of
 * the robot bound to ACCOUNT.
 */
async function ownerSetsUpTheBuyer(owner) {
  const headers = { 'x-tenant-secret': env.E2E_TENANT_SECRET }
  const login = await owner.request.post('/api/tenant-auth/login', { headers, data: { email: env.E2E_OWNER_EMAIL, password: env.E2E_OWNER_PASSWORD } })
  assert.equal(login.status(), 200, await login.text())
  const me = await (await owner.request.get('/api/tenant-auth/me', { headers })).json()
  const robots = await (await owner.request.get(`/api/tenant/robots?q=${encodeURIComponent('Robô Demo')}`, { headers })).json()
  const robot = robots.items[0]
  assert.ok(robot, 'the demo robot')

  const version = `${200 + (Date.now() % 700)}.${Date.now() % 900}.1`
  const upload = await owner.request.post(`/api/tenant/robots/${robot.id}/versions/upload`, {
    headers: { ...headers, 'x-requested-with': 'e2e' },
    multipart: { file: { name: 'RoboDemo.ex5', mimeType: 'application/octet-stream', buffer: fakeEx5(run.length + 11) }, version, notes: 'Conexão' },
  })
  assert.equal(upload.status(), 201, await upload.text())
  const activate = await owner.request.patch(`/api/tenant/robots/${robot.id}/active-version`, { headers, data: { version } })
  assert.equal(activate.status(), 200, await activate.text())

  const created = await owner.request.post('/api/tenant/clients', { headers, data: { ...CLIENT, status: 'active' } })
  assert.equal(created.status(), 201, await created.text())
  const client = await created.json()
  const license = await owner.request.post('/api/tenant/licenses', {
    headers,
    data: { clientId: client.id, robotId: robot.id, accountNumber: ACCOUNT, status: 'active' },
  })
  assert.equal(license.status(), 201, await license.text())
  return { tenantId: me.tenant.id, robotId: robot.id }
}

/** Fails when `locator`'s box runs past the viewport's right edge (a long URL pushing the card sideways). */
async function assertFitsWidth(page, locator, what) {
  const { width } = page.viewportSize()
  const box = await locator.boundingBox()
  assert.ok(box, `${what} is on screen`)
  assert.ok(box.x >= 0 && box.x + box.width <= width + 1, `${what} fits ${width} px: x=${box.x}, width=${box.width}`)
  const overflow = await locator.evaluate((element) => element.scrollWidth - element.clientWidth)
  assert.ok(overflow <= 1, `${what} has no horizontal overflow at ${width} px (${overflow} px)`)
}

test("robot connection journey: the card shows the URL to allow and the robot's last check, live", { timeout: 240_000 }, async () => {
  const owner = await browser.newContext({ baseURL: baseUrl })
  const { tenantId, robotId } = await ownerSetsUpTheBuyer(owner)
  await owner.close()

  // The client signs in with e-mail and password, at a laptop's width.
  const page = await newPage(browser, { width: 1366, height: 900 })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  await page.goto(`/client/login?tenant=${encodeURIComponent(env.E2E_TENANT)}`)
  await page.fill('#email', CLIENT.email)
  await page.fill('#password', CLIENT.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/client/dashboard')

  // The robot never checked in: "Ainda não conectado", with how to connect it open.
  await page.goto('/client/robots')
  const card = page.getByRole('article', { name: 'Robô Demo' })
  const connection = card.getByRole('region', { name: 'Conexão de Robô Demo com o MetaTrader 5' })
  const state = connection.getByTestId('connection-state')
  await state.filter({ hasText: 'Ainda não conectado' }).waitFor()
  assert.equal(await connection.getByRole('button', { name: 'Como conectar no MetaTrader 5' }).getAttribute('aria-expanded'), 'true')

  // The URL to allow, the same as the page's, with its copy button and the three steps.
  const webRequestUrl = (await page.getByTestId('web-request-url').innerText()).trim()
  assert.match(webRequestUrl, /^https:\/\/\S+$/)
  assert.equal((await connection.getByTestId('card-web-request-url').innerText()).trim(), webRequestUrl)
  const steps = await connection.getByRole('list', { name: 'Liberar a URL no MetaTrader 5' }).getByRole('listitem').allInnerTexts()
  assert.deepEqual(
    steps.map((step) => step.trim()),
    [
      'No MetaTrader 5, abra Ferramentas → Opções → Expert Advisors.',
      'Marque “Permitir WebRequest para as URLs listadas”.',
      'Adicione a URL acima e clique em OK.',
    ],
  )
  await connection.getByRole('button', { name: 'Copiar URL do WebRequest de Robô Demo' }).click()
  await page.getByText('URL copiada para a área de transferência.').first().waitFor()
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), webRequestUrl)
  // A shared .ex5: the robot asks for the purchase e-mail, the client's own.
  await connection.getByTestId('license-identification').filter({ hasText: `preencha o campo LicenseEmail com o e-mail da compra: ${CLIENT.email}` }).waitFor()
  await assertFitsWidth(page, card, 'the robot card')
  await expectNoSeriousA11yViolations(page, 'client: robots, robot not connected yet')
  await screenshot(page, 'robot-connection-waiting')

  // The page stays as it is from here on: a reload would lose this mark.
  await page.evaluate(() => {
    window.__robotConnectionJourney = 'same page'
  })

  // The robot, in the buyer's MetaTrader, checks its license: the request it makes, answered OK and signed (v2).
  const nonce = randomBytes(16).toString('hex')
  const check = await page.request.post('/api/webhooks/validate-license', {
    data: { email: CLIENT.email, mtAccount: Number(ACCOUNT), robotId, tenantId, nonce, protocol: 2 },
  })
  assert.equal(check.status(), 200, await check.text())
  const answer = await check.json()
  assert.equal(answer.valid, true, JSON.stringify(answer))
  assert.equal(answer.code, 'OK', JSON.stringify(answer))
  assert.equal(answer.nonce, nonce)
  assert.match(answer.signature, /^[0-9a-f]{128}$/)

  // Without a reload, the card says so once the list is fetched again.
  await state.filter({ hasText: `Conectado: conta ${ACCOUNT} · agora` }).waitFor({ timeout: LIVE_TIMEOUT_MS }).catch(async (error) => {
    await screenshot(page, 'robot-connection-not-live')
    throw error
  })
  assert.equal(await page.evaluate(() => window.__robotConnectionJourney), 'same page', 'the page was not reloaded')
  assert.equal(await state.getAttribute('data-state'), 'connected')

  // How to connect folds away and opens again from the keyboard.
  const toggle = connection.getByRole('button', { name: 'Como conectar no MetaTrader 5' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
  assert.equal(await connection.getByTestId('card-web-request-url').isVisible(), false)
  await page.keyboard.press('Enter')
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
  await connection.getByTestId('card-web-request-url').waitFor()
  await expectNoSeriousA11yViolations(page, 'client: robots, robot connected')
  await screenshot(page, 'robot-connection-connected')

  // On a phone: the card and the URL stay within the screen (the URL breaks instead of pushing the card).
  await page.setViewportSize({ width: 390, height: 844 })
  await state.filter({ hasText: `Conectado: conta ${ACCOUNT}` }).waitFor()
  await assertFitsWidth(page, card, 'the robot card')
  await assertFitsWidth(page, connection.getByTestId('card-web-request-url'), 'the WebRequest URL')
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(pageOverflow <= 1, `the page scrolls sideways at 390 px by ${pageOverflow} px`)
  await expectNoSeriousA11yViolations(page, 'client: robots at 390 px')
  await screenshot(page, 'robot-connection-mobile')
  await page.context().close()
})
