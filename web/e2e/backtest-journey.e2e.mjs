// Backtests on the fleet (decision 0016), in Chromium against the real server and a real agent (the compiler-agent
// binary with the tester stand-in as its MetaTrader 5 terminal, started by scripts/e2e.sh): the owner creates a robot,
// uploads an .ex5 (its first version, active), runs "Executar backtest" with the default profile, watches the run wait
// and run until "Concluído" with its numbers and balance curve, shows it on the sales page, and the robot's public
// sales page carries the backtest. Runs before the owner journey (which changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const run = Date.now().toString(36)
const ROBOT = `Backtest_${run}`
/** The tester stand-in runs this long first, so the panel is seen waiting or running before "Concluído". */
const TESTER_SECONDS = 4

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT')

let browser
let files

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-backtest-'))
  browser = await launchChromium()
})
after(async () => browser?.close())

/** A made-up .ex5: bytes the stand-in loads as the expert, with its knob for how long the run takes. */
async function ex5File(name) {
  const path = join(files, name)
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))
  await writeFile(path, Buffer.concat([noise, Buffer.from(`STAND-IN:SECONDS=${TESTER_SECONDS}\0`)]))
  return path
}

test('backtest journey: an uploaded .ex5 is backtested on the fleet and its numbers reach the sales page', async () => {
  const page = await newPage(browser, { width: 1400, height: 900, timeout: 20_000 })
  try {
    await journey(page)
  } catch (error) {
    // What the page showed when a step gave up.
    await screenshot(page, 'backtest-failure').catch(() => {})
    throw error
  }
})

async function journey(page) {
  await signInAsOwner(page)

  // A robot of its own: its first version is the active one, whose chosen run the sales page shows.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: /^Versões de / }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: robots')
  await page.getByRole('button', { name: 'Novo Robô' }).click()
  const create = page.getByRole('dialog', { name: 'Novo Robô' })
  await create.getByLabel(/^Nome/).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Novo Robô')
  await create.getByLabel(/^Nome/).fill(ROBOT)
  await create.getByRole('button', { name: 'Criar' }).click()
  await page.getByText('Robô criado').first().waitFor()
  await page.getByRole('link', { name: `Versões de ${ROBOT}` }).click()
  await page.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  const robotId = page.url().match(/\/tenant\/robots\/([^/]+)\/versions$/)[1]

  const upload = page.getByRole('form', { name: 'Enviar nova versão' })
  await upload.waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: robot versions')
  await upload.getByLabel('Principal').fill('1')
  await upload.getByLabel('Arquivo').setInputFiles(await ex5File(`${ROBOT}.ex5`))
  await upload.getByLabel('Notas').fill('Primeira versão')
  await upload.getByRole('button', { name: 'Enviar Versão' }).click()
  await page.getByRole('cell', { name: `${ROBOT}.ex5` }).waitFor()

  // The version's backtests: none yet; "Executar backtest" with the profile the form starts with.
  await page.getByRole('button', { name: 'Backtest da versão 1.0.0' }).click()
  const versionDialog = page.getByRole('dialog', { name: 'Backtest da versão 1.0.0' })
  const panel = versionDialog.getByTestId('backtest-panel')
  await panel.getByText('Nenhum backtest desta versão ainda.').waitFor()
  await panel.getByRole('button', { name: 'Executar backtest' }).click()
  const form = page.getByRole('dialog', { name: 'Executar backtest' })
  assert.equal(await form.getByLabel(/^Símbolo/).inputValue(), 'EURUSD')
  assert.equal(await form.getByLabel(/^Depósito inicial/).inputValue(), '10000')
  assert.equal(await form.getByLabel(/^Moeda/).inputValue(), 'USD')
  assert.equal(await form.getByLabel(/^Alavancagem/).inputValue(), '100')
  assert.match(await form.getByLabel(/^De\W*$/).inputValue(), /^\d{4}-\d{2}-\d{2}$/)
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Executar backtest')
  await screenshot(page, 'backtest-run-dialog')
  await form.getByRole('button', { name: 'Executar backtest' }).click()
  await page.getByText('Backtest na fila').first().waitFor()
  await form.waitFor({ state: 'detached' })

  // The panel asks again every 3 s: waiting for an agent, then running, then done.
  const latest = panel.getByTestId('backtest-run')
  await latest.getByText(/^(Na fila|Em execução)$/).first().waitFor()
  await latest.getByText('Concluído', { exact: true }).waitFor({ timeout: 180_000 })
  const curve = latest.getByRole('img', { name: /^Curva de saldo do backtest/ })
  await curve.waitFor()
  assert.ok((await curve.locator('polyline[data-series="balance"]').getAttribute('points')).split(' ').length >= 2, 'the curve has points')
  for (const label of ['Lucro líquido', 'Fator de lucro', 'Rebaixamento máximo', 'Operações', 'Taxa de acerto']) {
    await latest.getByText(label, { exact: true }).waitFor()
  }
  assert.match(await latest.textContent(), /(Não recomendado|Recomendado)/)
  assert.match(await panel.getByTestId('tester-minutes').textContent(), /de \d+ minutos de teste usados neste mês/)
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Backtest da versão')
  await screenshot(page, 'backtest-completed')

  // Shown on the sales page.
  const toggle = latest.getByRole('switch', { name: 'Mostrar na página de vendas' })
  assert.equal(await toggle.getAttribute('aria-checked'), 'false')
  await toggle.click()
  await page.getByText('Backtest na página de vendas').first().waitFor()
  await latest.locator('[role="switch"][aria-checked="true"]').waitFor()

  // On a phone the dialog scrolls and keeps the panel readable.
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'backtest-completed-phone')
  await page.setViewportSize({ width: 1400, height: 900 })
  // (Escape would first dismiss the toast, the topmost layer.)
  await versionDialog.getByRole('button', { name: 'Fechar' }).click()
  await versionDialog.waitFor({ state: 'detached' })
  await page.getByRole('row').filter({ hasText: `${ROBOT}.ex5` }).getByText('Concluído').waitFor()

  // Only a published sales page is public: the owner publishes it (the storefront's switch, by the API here).
  const published = await page.evaluate(async (id) => {
    const response = await fetch(`/api/tenant/robots/${id}/sales-page`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ published: true }),
    })
    return response.status
  }, robotId)
  assert.equal(published, 200, 'the sales page is published')
  // The robot's public sales page (no script allowed there): the numbers and an inline SVG curve.
  await page.goto(`/api/public/robots/${robotId}/sales-page?tenant=${encodeURIComponent(env.E2E_TENANT)}`)
  const section = page.locator('section#backtest')
  await section.waitFor()
  const text = await page.textContent('body')
  assert.ok(text.includes('Backtest no Strategy Tester'), text)
  assert.ok(text.includes('Lucro líquido'), text)
  await section.getByRole('img', { name: 'Curva de saldo do backtest' }).waitFor()
  await expectNoSeriousA11yViolations(page, 'public sales page')
  await screenshot(page, 'backtest-sales-page')
}
