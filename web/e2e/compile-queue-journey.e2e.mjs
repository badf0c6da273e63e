// Compiles that stay visible, in Chromium against the real server with NO compile agent (scripts/e2e.sh runs this
// journey in its first phase, before it registers and starts one), at 1366×768 and at 390×844: the owner imports an
// .mq5 → the import page shows it queued → off that page, the robot list shows the queued compile
// and why it waits (the API's waitingReason) → the versions page shows it too, and says the first version waits instead of "Nenhuma versão
// enviada" → after a full reload it is all still there → the platform admin's health panel shows 0 agents online
// (red) and the oldest waiting job. Screenshots: e2e/screenshots/compile-queued-<step>-<width>.png; axe on every
// screen. The jobs stay queued; the agent the second phase starts compiles them.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
/* global getComputedStyle -- a callback passed to evaluate runs in the page */
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD', 'E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT_NAME')

const EA = new URL('../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5', import.meta.url)
/** The start of the API's waitingReason when no agent serves the tenant (api/src/routes/tenant/robot_compile_jobs.rs). */
const NO_AGENT = /^Nenhum agente de compilação online para atender sua conta agora\./
const run = Date.now().toString(36)
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]

let browser
let files
/** The robot imported first by this file: its job is the queue's oldest. */
let oldestRobot

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-queue-'))
  browser = await launchChromium()
})
after(async () => browser?.close())

for (const size of SIZES) {
  test(`compile queue journey at ${size.width}×${size.height}: a queued import stays in sight across reloads; the admin sees 0 agents`, async () => {
    const pages = []
    try {
      await journey(size, pages)
    } catch (error) {
      for (const [index, page] of pages.entries()) await screenshot(page, `compile-queued-failed-${size.width}-${index}`).catch(() => {})
      throw error
    } finally {
      for (const page of pages) await page.context().close()
    }
  })
}

/** Waits for `scope` to hold the no-agent reason, and answers the text. */
async function expectNoAgentReason(scope) {
  const reason = scope.getByText(NO_AGENT).first()
  await reason.waitFor()
  return reason.textContent()
}

/** The versions page of a robot whose first compile waits: the card of compiles and the empty list's honest text. */
async function expectQueuedOnVersions(page, fileName) {
  const compiles = page.getByRole('list', { name: 'Compilações do robô' })
  const item = compiles.getByRole('listitem').filter({ hasText: fileName })
  await item.getByText('Compilação na fila').waitFor()
  await expectNoAgentReason(item)
  await page.getByText(/A primeira versão aguarda compilação\. Nenhum agente de compilação online/).first().waitFor()
  assert.equal(await page.getByText(/Nenhuma versão enviada/).count(), 0, 'the empty list does not invite an upload while the first version waits')
}

async function journey(size, pages) {
  const w = size.width
  const robotName = `Fila_${run}_${w}`
  const fileName = `${robotName}.mq5`
  oldestRobot ??= robotName

  // 1. The owner imports an .mq5 (UTF-16LE with a BOM, as MetaEditor saves it): no agent, so it waits, and says why.
  const owner = await newPage(browser, { ...size, timeout: 20_000 })
  pages.push(owner)
  await signInAsOwner(owner)
  await owner.goto('/tenant/robots/import')
  const path = join(files, fileName)
  await writeFile(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(await readFile(EA, 'utf8'), 'utf16le')]))
  await owner.getByLabel('Arquivo .mq5').setInputFiles(path)
  assert.equal(await owner.getByLabel('Nome do robô').inputValue(), robotName)
  await owner.getByRole('button', { name: 'Compilar' }).click()
  // (The import page's own "Aguardando um agente" notice comes only after COMPILE_WAIT_NOTICE_MINUTES, 10 by default.)
  await owner.getByText('Na fila de compilação').waitFor()
  await expectNoSeriousA11yViolations(owner, 'tenant: importação aguardando agente')
  await screenshot(owner, `compile-queued-import-${w}`)

  // 2. Off the import page, the robot list shows the queued compile and why it waits.
  await owner.goto(`/tenant/robots?q=${encodeURIComponent(robotName)}`)
  const status = owner.getByTestId('robot-compile-status').filter({ visible: true })
  await status.getByText('Compilação na fila').waitFor()
  await expectNoAgentReason(status)
  await expectNoSeriousA11yViolations(owner, 'tenant: robôs com compilação na fila')
  await screenshot(owner, `compile-queued-robots-${w}`)

  // 3. The versions page: the compile with its reason, and no invitation to upload an .ex5 instead.
  await owner.getByRole('link', { name: `Versões de ${robotName}` }).filter({ visible: true }).click()
  await owner.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  await expectQueuedOnVersions(owner, fileName)
  await expectNoSeriousA11yViolations(owner, 'tenant: versões com compilação na fila')
  await screenshot(owner, `compile-queued-versions-${w}`)

  // 4. A full reload: still there (the bell's live notice would be gone; this comes from the API).
  await owner.reload()
  await expectQueuedOnVersions(owner, fileName)
  await screenshot(owner, `compile-queued-versions-reloaded-${w}`)
  await owner.goto(`/tenant/robots?q=${encodeURIComponent(robotName)}`)
  await owner.reload()
  await owner.getByTestId('robot-compile-status').filter({ visible: true }).getByText('Compilação na fila').waitFor()

  // 5. The platform admin's dashboard: 0 agents online, in red, and the oldest job waiting.
  const admin = await newPage(browser, { ...size, timeout: 20_000 })
  pages.push(admin)
  await admin.goto('/auth')
  await admin.fill('#username', env.E2E_ADMIN_USER)
  await admin.fill('#password', env.E2E_ADMIN_PASSWORD)
  await admin.press('#password', 'Enter')
  await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  const health = admin.getByRole('list', { name: 'Saúde da plataforma' })
  const agents = health.getByRole('listitem').filter({ hasText: 'Agentes de compilação' })
  await agents.getByText('0 de 0 online').waitFor()
  assert.equal(await agents.getAttribute('data-level'), 'critical')
  await agents.getByText('(Problema)').waitFor({ state: 'attached' })
  const [r, g, b] = (await agents.getByText('0 de 0 online').evaluate((node) => getComputedStyle(node).color)).match(/\d+/g).map(Number)
  assert.ok(r > 150 && r > g * 1.5 && r > b * 1.5, `0 agents online is shown in red (rgb ${r}, ${g}, ${b})`)
  await agents.getByRole('link', { name: /Resolver/ }).waitFor()
  const queue = health.getByRole('listitem').filter({ hasText: 'Fila de compilação' })
  await queue.getByText(/^\d+ aguardando · mais antiga há/).waitFor()
  assert.equal(await queue.getAttribute('data-level'), 'critical', 'a queue no agent serves is a problem')
  await queue.getByText(`a mais antiga (${oldestRobot}, de ${env.E2E_TENANT_NAME})`, { exact: false }).waitFor()
  await health.scrollIntoViewIfNeeded()
  await expectNoSeriousA11yViolations(admin, 'admin: dashboard com saúde da plataforma (0 agentes)')
  await screenshot(admin, `compile-queued-admin-health-${w}`)
}
