// The storefront, in Chromium against the real server, at 1366×768 and at 390×844: the owner sets the tenant's
// branding in Configurações (a logo and the Oceano theme) → writes a robot's sales page with the typed sections
// editor, watching the live preview, sets price and checkout link and publishes it → in a fresh, signed-out browser
// the public catalog (/client/loja?tenant=…, a development host) lists the robot with its price in reais and a
// "Comprar" link to the checkout → its page (/client/loja/<robotId>?tenant=…) shows the tenant's logo and primary
// colour, the price and "Comprar agora" to the checkout. Screenshots: e2e/screenshots/storefront-<step>-<width>.png;
// axe on every screen. The owner's settings are put back at the end.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
/* global document, getComputedStyle -- callbacks passed to evaluate run in the page */
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET')

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a2a9d60000000049454e44ae426082',
  'hex',
)
/** The Oceano theme's primary colour (src/features/tenant-catalog/theme-presets.ts). */
const OCEAN_PRIMARY = '#0ea5e9'
/** `#rrggbb` as getComputedStyle answers it. */
const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
const ownerHeaders = { 'x-tenant-secret': env.E2E_TENANT_SECRET }
const run = Date.now().toString(36)
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]

let browser
let files
/** The owner's settings before the journey, put back at the end (through a signed-in owner page kept for it). */
let saved
let restorer

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-store-'))
  browser = await launchChromium()
  restorer = await newPage(browser)
  await signInAsOwner(restorer)
  saved = await (await restorer.request.get('/api/tenant/settings', { headers: ownerHeaders })).json()
})
after(async () => {
  if (saved) {
    const restored = await restorer.request.patch('/api/tenant/settings', { headers: ownerHeaders, data: saved })
    assert.equal(restored.status(), 200, await restored.text())
  }
  await browser?.close()
})

for (const size of SIZES) {
  test(`storefront journey at ${size.width}×${size.height}: a published sales page in the catalog and on its page, branded, priced, with the buy link`, async () => {
    const pages = []
    try {
      await journey(size, pages)
    } catch (error) {
      for (const [index, page] of pages.entries()) await screenshot(page, `storefront-failed-${size.width}-${index}`).catch(() => {})
      throw error
    } finally {
      for (const page of pages) await page.context().close()
    }
  })
}

/** The `--primary` colour token of the page's root. */
const primaryToken = (page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())

/** Waits for the tenant's theme (its branding loads beside the store's own answer, so it may come a moment later). */
async function expectPrimary(page, hex, what) {
  await page
    .waitForFunction((want) => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim() === want, hex, { timeout: 10_000 })
    .catch(() => {})
  assert.equal(await primaryToken(page), hex, what)
}

/** `url` (absolute or not) as a path of the server under test, so a fresh context opens it on the same origin. */
const pathOf = (url) => {
  const parsed = new URL(url, 'http://placeholder')
  return `${parsed.pathname}${parsed.search}`
}

async function journey(size, pages) {
  const w = size.width
  const robotName = `Robô Loja ${run} ${w}`
  const headline = `Opere a tendência com disciplina ${w}`
  const checkoutUrl = `https://pay.hotmart.com/E2E${run}${w}`

  const owner = await newPage(browser, { ...size, timeout: 20_000 })
  pages.push(owner)
  await signInAsOwner(owner)

  // 1. The branding: a logo and the Oceano theme, saved.
  await owner.goto('/tenant/settings')
  const logoPath = join(files, `logo-${w}.png`)
  await writeFile(logoPath, PNG)
  await owner.getByLabel('Logo', { exact: true }).setInputFiles(logoPath)
  await owner.getByText('Logo enviado').first().waitFor()
  const logoSrc = await owner.getByRole('img', { name: 'Logo atual' }).getAttribute('src')
  assert.match(logoSrc, /^\/api\/public\/files\/.+\.png$/)
  await owner.getByRole('group', { name: 'Temas prontos' }).getByRole('button', { name: /Oceano/ }).click()
  await owner.getByRole('button', { name: 'Salvar' }).click()
  await owner.getByText(/Configurações salvas/).first().waitFor()

  // 2. A robot to sell (made through the API: the robots screen has its own journey).
  const created = await owner.request.post('/api/tenant/robots', {
    headers: ownerHeaders,
    data: { name: robotName, description: 'Tendência no mini índice, com stop em toda operação.', platform: 'MT5', active: true, logoUrl: null, trialDays: null },
  })
  assert.equal(created.status(), 201, await created.text())
  const robot = await created.json()

  // 3. The sales page: typed sections with a live preview, price, checkout link, published.
  await owner.goto(`/tenant/robots/${robot.id}/sales-page`)
  await owner.getByRole('heading', { level: 1, name: 'Página de Vendas' }).waitFor()
  const add = owner.getByRole('group', { name: 'Adicionar seção' })
  await add.getByRole('button', { name: 'Destaque' }).click()
  const hero = owner.getByRole('region', { name: 'Seção 1: Destaque' })
  await hero.getByRole('textbox', { name: 'Título', exact: true }).fill(headline)
  await hero.getByLabel('Subtítulo').fill('Sem martingale, com stop em toda operação.')
  await add.getByRole('button', { name: 'Benefícios' }).click()
  const benefits = owner.getByRole('region', { name: 'Seção 2: Benefícios' })
  await benefits.getByLabel('Título (opcional)').fill('Por que escolher')
  await benefits.getByRole('textbox', { name: 'Benefícios', exact: true }).fill('Stop em toda operação\nFunciona em conta demo e real')
  await owner.getByRole('textbox', { name: 'Preço (R$)', exact: true }).fill('497,00')
  await owner.getByRole('textbox', { name: 'Link de compra', exact: true }).fill(checkoutUrl)
  const publish = owner.getByRole('switch', { name: 'Publicar na loja' })
  await publish.click()
  assert.equal(await publish.getAttribute('aria-checked'), 'true')
  // The live preview follows the form: the headline, the benefits, the price and the buy link as buyers will see them.
  const preview = owner.getByRole('region', { name: 'Pré-visualização da página' })
  await preview.getByRole('heading', { level: 1, name: headline }).waitFor()
  await preview.getByText('Funciona em conta demo e real').waitFor()
  assert.match((await preview.getByTestId('price').first().textContent()).trim(), /^R\$\s497,00$/)
  assert.equal(await preview.getByRole('link', { name: 'Comprar agora' }).first().getAttribute('href'), checkoutUrl)
  await expectNoSeriousA11yViolations(owner, 'tenant: editor da página de vendas')
  await screenshot(owner, `storefront-editor-${w}`)
  const [saving] = await Promise.all([
    owner.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/tenant/robots/${robot.id}/sales-page`),
    owner.getByRole('button', { name: 'Salvar' }).click(),
  ])
  assert.equal(saving.status(), 200, await saving.text())
  const stored = await saving.json()
  assert.equal(stored.published, true)
  await owner.getByText('Página de vendas salva').first().waitFor()
  const catalogPath = pathOf(stored.catalogUrl)
  const robotPath = pathOf(stored.publicUrl)
  assert.match(catalogPath, /^\/client\/loja\?tenant=[^&]+$/)
  assert.equal(robotPath, `/client/loja/${robot.id}${new URL(catalogPath, 'http://placeholder').search}`)

  // 4. A buyer, signed out, in a fresh browser: the catalog lists the robot with its price and the buy link.
  const buyer = await newPage(browser, { ...size, timeout: 20_000 })
  pages.push(buyer)
  await buyer.goto(catalogPath)
  const card = buyer.getByRole('list', { name: 'Robôs à venda' }).getByRole('listitem').filter({ hasText: robotName })
  await card.getByRole('heading', { name: robotName }).waitFor()
  assert.match((await card.getByTestId('price').textContent()).trim(), /^R\$\s497,00$/)
  assert.equal(await card.getByRole('link', { name: 'Comprar', exact: true }).getAttribute('href'), checkoutUrl)
  assert.equal(await buyer.locator('header img').first().getAttribute('src'), logoSrc, "the tenant's logo heads the catalog")
  await expectPrimary(buyer, OCEAN_PRIMARY, "the catalog is in the tenant's colours")
  await card.scrollIntoViewIfNeeded()
  await expectNoSeriousA11yViolations(buyer, 'loja: catálogo')
  await screenshot(buyer, `storefront-catalog-${w}`)

  // 5. The robot's page, opened from its card and then loaded on its own: branding, price and "Comprar agora".
  await card.getByRole('link', { name: `Ver detalhes de ${robotName}` }).click()
  await buyer.waitForURL((url) => `${url.pathname}${url.search}` === robotPath)
  await buyer.reload()
  await buyer.getByRole('heading', { level: 1, name: headline }).waitFor()
  await buyer.getByRole('heading', { name: 'Por que escolher' }).waitFor()
  const logo = buyer.locator('header img').first()
  assert.equal(await logo.getAttribute('src'), logoSrc)
  assert.ok(await logo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the logo loads')
  assert.match((await buyer.getByTestId('price').first().textContent()).trim(), /^R\$\s497,00$/)
  const buy = buyer.getByRole('link', { name: 'Comprar agora' }).first()
  assert.equal(await buy.getAttribute('href'), checkoutUrl)
  await expectPrimary(buyer, OCEAN_PRIMARY, "the robot's page is in the tenant's colours")
  assert.equal(await buy.evaluate((link) => getComputedStyle(link).backgroundColor), rgb(OCEAN_PRIMARY), 'the buy button wears the primary colour')
  await expectNoSeriousA11yViolations(buyer, 'loja: página do robô')
  await screenshot(buyer, `storefront-robot-${w}`)
}
