// The welcome checklist ticks from real state, in Chromium against the real server, at 1366×768 and at 390×844: a
// new tenant's owner (in by invitation) sees the steps to do → copies the buyers' portal address from the card →
// saves a display name in Configurações → has a robot → follows the card's Hotmart step to the robot's Hotmart
// screen and saves the hottok → publishes the first version → records the first sale; each step is ticked on the
// dashboard after it is done. (The sender step needs a verified Resend domain and stays to do.)
// Screenshots: e2e/screenshots/first-day-checklist-<step>-<width>.png; axe on the dashboard at the start and the end.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot } from './support.mjs'
import { acceptAsOwner, createRobot, createTenantWithOwner, fakeEx5, uploadFirstVersion } from './fresh-tenant.mjs'

requireEnv('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD')

const run = Date.now().toString(36)
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]
const STEPS = {
  branding: 'Personalize sua marca',
  robot: 'Cadastre seu primeiro robô',
  activeVersion: 'Publique a primeira versão',
  salesChannel: 'Conecte a Hotmart',
  firstSale: 'Faça a primeira venda',
  portalShared: 'Divulgue o portal do cliente',
}

let browser
before(async () => {
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
})

for (const size of SIZES) {
  test(`checklist journey at ${size.width}×${size.height}: each step ticks once it is done`, async () => {
    const page = await newPage(browser, { ...size, timeout: 20_000 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    try {
      await journey(page, size.width)
    } catch (error) {
      await screenshot(page, `first-day-checklist-failed-${size.width}`).catch(() => {})
      throw error
    } finally {
      await page.context().close()
    }
  })
}

const checklist = (page) => page.getByRole('region', { name: /^Bem-vindo\(a\)/ })

/** Waits until the dashboard's checklist shows `title` as done (or to do), as the screen reader reads it. */
async function expectStep(page, title, done) {
  await checklist(page)
    .getByText(new RegExp(`\\d\\. ${title}\\s*\\(${done ? 'feito' : 'a fazer'}\\)`))
    .first()
    .waitFor()
}

async function openDashboard(page) {
  await page.goto('/tenant/dashboard')
  await checklist(page).waitFor()
}

async function doneCount(page) {
  const text = await checklist(page).getByText(/de 7 feitos/).innerText()
  return Number(text.match(/(\d+) de 7 feitos/)[1])
}

async function journey(page, w) {
  const tag = `lista-${run}-${w}`
  const tenant = await createTenantWithOwner({ tag, name: `Lista ${run} ${w}` })
  await acceptAsOwner(page, tenant)

  // 1. The start: everything to do.
  await openDashboard(page)
  for (const title of Object.values(STEPS)) await expectStep(page, title, false)
  const atStart = await doneCount(page)
  await expectNoSeriousA11yViolations(page, `tenant: checklist no início (${w})`)
  await screenshot(page, `first-day-checklist-start-${w}`)

  // 2. The buyers' portal address, copied from the card (the whole address).
  const address = checklist(page).getByRole('button', { name: 'Copiar endereço' })
  await address.click()
  await expectStep(page, STEPS.portalShared, true)

  // 3. Branding: a display name saved in Configurações.
  await page.goto('/tenant/settings')
  const displayName = page.getByLabel('Nome de exibição')
  await displayName.fill(`Robôs ${tag}`)
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tenant/settings' && response.request().method() === 'PATCH')
  await page.locator('form').filter({ has: displayName }).getByRole('button', { name: 'Salvar' }).click()
  assert.equal((await saved).status(), 200)
  await openDashboard(page)
  await expectStep(page, STEPS.branding, true)

  // 4. A robot.
  const robotName = `Robô Lista ${w}`
  const robotId = await createRobot(page, robotName)
  await openDashboard(page)
  await expectStep(page, STEPS.robot, true)
  await expectStep(page, STEPS.activeVersion, false)
  await screenshot(page, `first-day-checklist-robot-${w}`)

  // 5. Hotmart: the card leads to the robot's Hotmart screen, where the hottok is saved.
  await checklist(page).getByRole('link', { name: `Configurar a Hotmart de ${robotName}` }).click()
  await page.waitForURL((url) => url.pathname === `/tenant/robots/${robotId}/hotmart`)
  await page.getByLabel('Hottok', { exact: true }).fill(`hottok${tag}`)
  await page.getByRole('button', { name: 'Salvar hottok' }).click()
  await page.getByTestId('secret-state').getByText(/^Hottok configurado/).waitFor()
  await openDashboard(page)
  await expectStep(page, STEPS.salesChannel, true)

  // 6. The first version.
  await uploadFirstVersion(page, robotId, fakeEx5(w))
  await openDashboard(page)
  await expectStep(page, STEPS.activeVersion, true)

  // 7. The first sale, recorded in Vendas.
  await page.goto('/tenant/sales')
  await page.getByRole('button', { name: 'Registrar venda' }).click()
  const dialog = page.getByRole('dialog', { name: 'Registrar venda' })
  await dialog.getByLabel('Nome do comprador').fill('Bruno Primeira Venda')
  await dialog.getByLabel('E-mail do comprador').fill(`bruno-${tag}@example.com`)
  await dialog.getByRole('combobox', { name: /Robô/ }).click()
  await page.getByRole('option', { name: robotName }).click()
  await dialog.getByLabel(/Valor/).fill('97')
  await dialog.getByRole('button', { name: 'Registrar venda' }).click()
  await dialog.getByTestId('manual-sale-outcome').getByRole('button', { name: 'Fechar' }).click()
  await openDashboard(page)
  await expectStep(page, STEPS.firstSale, true)

  // The end: six more steps done than at the start (the sender stays to do).
  assert.equal(await doneCount(page), atStart + 6)
  await expectNoSeriousA11yViolations(page, `tenant: checklist depois dos passos (${w})`)
  await screenshot(page, `first-day-checklist-done-${w}`)
}
