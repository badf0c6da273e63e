// Licenses in MetaTrader's own terms (issue 36), in Chromium against the real server: the owner sets, on the robot's
// versions page, "demo free, 2 live seats, broker XPMT5-*" → the buyer's robot (the v3 request MetaTrader's robot
// makes: login, trade server, trade mode, build) takes both real seats and a free demo one; a third real account is
// refused (NOT_RECOGNIZED, signed) and another broker is refused by name → the buyer sees "2 de 2 vagas reais em uso"
// on "Meus Robôs", frees one (confirm dialog) and the third account's robot takes it → the owner publishes a new
// version and the buyer's "nova versão" e-mail reaches the e-mail stand-in.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { baseUrl, env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const run = Date.now().toString(36)
const CLIENT = { name: 'Vitória Vagas', email: `vagas-${run}@example.com`, password: `senha-${run}` }
const ROBOT = `Robô Vagas ${run}`
const base = Number(`7${String(Date.now()).slice(-6)}`)
const [FIRST, SECOND, THIRD, DEMO] = [base, base + 1, base + 2, base + 3]

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT')

let browser
let mailbox

before(async () => {
  browser = await launchChromium()
  mailbox = await openMailbox()
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

const headers = { 'x-tenant-secret': env.E2E_TENANT_SECRET }

/** Bytes that pass for a compiled robot (binary, no known foreign format). */
function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7541) % 251))
}

async function uploadAndActivate(request, robotId, version, seed) {
  const upload = await request.post(`/api/tenant/robots/${robotId}/versions/upload`, {
    headers: { ...headers, 'x-requested-with': 'e2e' },
    multipart: { file: { name: 'Vagas.ex5', mimeType: 'application/octet-stream', buffer: fakeEx5(seed) }, version, notes: `Versão ${version}` },
  })
  assert.equal(upload.status(), 201, await upload.text())
  const activate = await request.patch(`/api/tenant/robots/${robotId}/active-version`, { headers, data: { version } })
  assert.equal(activate.status(), 200, await activate.text())
}

/** The owner, through the API: a robot bound on first use with a first version, a client with a password and an active license. */
async function ownerSetsUpTheSale(request) {
  const login = await request.post('/api/tenant-auth/login', { headers, data: { email: env.E2E_OWNER_EMAIL, password: env.E2E_OWNER_PASSWORD } })
  assert.equal(login.status(), 200, await login.text())
  const me = await (await request.get('/api/tenant-auth/me', { headers })).json()
  const created = await request.post('/api/tenant/robots', {
    headers,
    data: { name: ROBOT, description: 'Robô das vagas.', platform: 'MT5', active: true, logoUrl: null, trialDays: null },
  })
  assert.equal(created.status(), 201, await created.text())
  const robot = await created.json()
  // The buyer's robot binds its accounts by itself (first use), within the seats.
  const binding = await request.patch(`/api/tenant/robots/${robot.id}/license`, { headers, data: { bindingPolicy: 'first_use' } })
  assert.equal(binding.status(), 200, await binding.text())
  await uploadAndActivate(request, robot.id, '1.0.0', 3)
  const client = await request.post('/api/tenant/clients', { headers, data: { ...CLIENT, status: 'active' } })
  assert.equal(client.status(), 201, await client.text())
  const license = await request.post('/api/tenant/licenses', { headers, data: { clientId: (await client.json()).id, robotId: robot.id, status: 'active' } })
  assert.equal(license.status(), 201, await license.text())
  return { tenantId: me.tenant.id, robotId: robot.id }
}

/** The check the buyer's robot makes in MetaTrader (protocol v3). */
async function robotChecks(request, ids, login, server, tradeMode) {
  const nonce = randomBytes(16).toString('hex')
  const response = await request.post('/api/webhooks/validate-license', {
    data: { email: CLIENT.email, mtAccount: login, server, company: 'XP Investimentos', tradeMode, terminalBuild: 4755, ...ids, nonce, protocol: 3 },
  })
  const answer = await response.json()
  assert.equal(answer.nonce, nonce)
  assert.match(answer.signature, /^[0-9a-f]{128}$/, JSON.stringify(answer))
  return answer
}

test('seats journey: the owner sells two live seats on one broker, the buyer frees one, a new version is e-mailed', { timeout: 300_000 }, async () => {
  const owner = await newPage(browser, { width: 1366, height: 900 })
  await signInAsOwner(owner)
  const { tenantId, robotId } = await ownerSetsUpTheSale(owner.request)
  const ids = { robotId, tenantId }

  // 1. The owner's policy, on the robot's versions page.
  await owner.goto(`/tenant/robots/${robotId}/versions`)
  const policy = owner.getByRole('form', { name: 'Contas e vagas' })
  await policy.getByLabel('Vagas para contas reais').fill('2')
  await policy.getByRole('combobox', { name: 'Contas demo' }).click()
  await owner.getByRole('option', { name: 'Livres (não contam vaga)' }).click()
  await policy.getByLabel('Corretoras permitidas').fill('XPMT5-*')
  await expectNoSeriousA11yViolations(owner, 'owner: robot versions with seats')
  await policy.getByRole('button', { name: 'Salvar' }).click()
  await owner.getByText('Contas e vagas salvas').first().waitFor()
  await screenshot(owner, 'seats-owner-policy')

  // 2. The buyer's robots in MetaTrader: two real seats and a free demo account, all signed OK.
  for (const login of [FIRST, SECOND]) {
    const answer = await robotChecks(owner.request, ids, login, 'XPMT5-REAL', 'real')
    assert.equal(answer.code, 'OK', JSON.stringify(answer))
    assert.equal(answer.server, 'XPMT5-REAL')
  }
  assert.equal((await robotChecks(owner.request, ids, DEMO, 'XPMT5-DEMO', 'demo')).code, 'OK')
  assert.equal((await robotChecks(owner.request, ids, THIRD, 'XPMT5-REAL', 'real')).code, 'NOT_RECOGNIZED', 'the seats are full')
  const elsewhere = await robotChecks(owner.request, ids, THIRD, 'ClearMT5-REAL', 'real')
  assert.equal(elsewhere.code, 'BROKER_NOT_ALLOWED')
  assert.match(elsewhere.message, /ClearMT5-REAL/)

  // 3. The buyer sees their seats and frees one.
  const buyer = await newPage(browser, { width: 390, height: 844 })
  await buyer.goto(`/client/login?tenant=${encodeURIComponent(env.E2E_TENANT)}`)
  await buyer.fill('#email', CLIENT.email)
  await buyer.fill('#password', CLIENT.password)
  await buyer.getByRole('button', { name: 'Entrar' }).click()
  await buyer.waitForURL((url) => url.pathname === '/client/dashboard')
  await buyer.goto('/client/robots')
  const seats = buyer.getByRole('region', { name: /Suas contas: 2 de 2 vagas reais em uso/ })
  await seats.waitFor()
  await seats.getByText(`${DEMO} @ XPMT5-DEMO`).waitFor()
  await expectNoSeriousA11yViolations(buyer, 'client: robots with seats')
  await screenshot(buyer, 'seats-buyer-full')
  await seats.getByRole('button', { name: `Liberar a conta ${FIRST} @ XPMT5-REAL` }).click()
  const confirm = buyer.getByRole('alertdialog')
  await confirm.getByRole('button', { name: /Liberar/ }).click()
  await buyer.getByText('Conta liberada').first().waitFor()
  await buyer.getByRole('region', { name: /Suas contas: 1 de 2 vagas reais em uso/ }).waitFor()

  // The freed seat is re-used by the third account's robot.
  assert.equal((await robotChecks(owner.request, ids, THIRD, 'XPMT5-REAL', 'real')).code, 'OK')
  await buyer.reload()
  await buyer.getByRole('region', { name: /Suas contas: 2 de 2 vagas reais em uso/ }).getByText(`${THIRD} @ XPMT5-REAL`).waitFor()
  await screenshot(buyer, 'seats-buyer-reused')

  // 4. The owner publishes a new version: the buyer hears of it by e-mail.
  const before = mailbox.messages.length
  await uploadAndActivate(owner.request, robotId, '1.1.0', 5)
  const mail = await mailbox.waitFor(CLIENT.email, 'versão', { after: before })
  assert.match(mail.html, /1\.1\.0/)
  assert.match(mail.html, new RegExp(ROBOT))
  await owner.context().close()
  await buyer.context().close()
  assert.ok(baseUrl)
})
