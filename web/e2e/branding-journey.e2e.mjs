// Branding everywhere, in Chromium against the real server: the owner builds a light theme by hand (colours and
// a spec font), the settings preview shows it with the portal's own components and the contrast guard's fix, the
// owner saves it, and the tenant's client portal shows it: the chosen font really loaded (served by the app
// itself: font-src 'self'), the body text in the chosen colour on the chosen background. The owner's theme is put
// back at the end, so the journeys after this one see the portal as they expect.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
/* global document, getComputedStyle -- callbacks passed to evaluate/waitForFunction run in the page */
import { baseUrl, env, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT', 'E2E_CLIENT_EMAIL', 'E2E_CLIENT_PASSWORD')

const FONT = 'Poppins'
const THEME = {
  'Cor primária': '#1d4ed8',
  'Cor secundária': '#6d28d9',
  'Cor de destaque': '#0f766e',
  Fundo: '#f8fafc',
  Cartões: '#ffffff',
  'Barra lateral': '#e2e8f0',
}
const TEXT = '#0f172a'
/** `#rrggbb` as getComputedStyle answers it. */
const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

const ownerHeaders = { 'x-tenant-secret': env.E2E_TENANT_SECRET }

let browser
let owner
/** The owner's settings before the journey, put back at the end. */
let saved

before(async () => {
  browser = await launchChromium()
  owner = await newPage(browser, { width: 1400, height: 1000, timeout: 20_000 })
})
after(async () => {
  if (saved) {
    const restored = await owner.request.patch('/api/tenant/settings', { headers: ownerHeaders, data: saved })
    assert.equal(restored.status(), 200, await restored.text())
  }
  await browser?.close()
})

/** Waits until the page has a face of `family` that finished loading, and answers what the page says about it. */
async function loadedFont(page, family) {
  await page.waitForFunction(
    (name) => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === name && face.status === 'loaded'),
    family,
    { timeout: 15_000 },
  )
  return page.evaluate(async (name) => {
    await document.fonts.ready
    return { check: document.fonts.check(`16px "${name}"`), bodyFont: getComputedStyle(document.body).fontFamily }
  }, family)
}

test('branding journey: a hand-made light theme with a spec font, saved by the owner, is what the client portal shows', async () => {
  await signInAsOwner(owner)
  saved = await (await owner.request.get('/api/tenant/settings', { headers: ownerHeaders })).json()

  await owner.goto('/tenant/settings')
  // First the text colour left near-white on the light background: the guard warns and offers the nearest fix.
  for (const [label, value] of Object.entries(THEME)) await owner.getByLabel(label, { exact: true }).fill(value)
  await owner.getByLabel('Texto', { exact: true }).fill('#fafafa')
  const warning = owner.getByRole('status', { name: 'Contraste baixo: Texto sobre o fundo' })
  await warning.waitFor()
  await warning.getByRole('button', { name: /^Usar #[0-9a-f]{6} no texto$/ }).click()
  await warning.waitFor({ state: 'detached' })
  // Then the owner's own dark text, and the font.
  await owner.getByLabel('Texto', { exact: true }).fill(TEXT)
  await owner.getByRole('combobox', { name: 'Fonte' }).click()
  await owner.getByRole('option', { name: FONT }).click()
  await owner.getByText('Contraste adequado para leitura (WCAG AA).').waitFor()

  // The preview is the portal's components in the draft theme, resolved by the browser.
  const preview = owner.getByTestId('settings-preview')
  await owner.waitForFunction(
    ([font]) => getComputedStyle(document.querySelector('[data-testid="settings-preview"]')).fontFamily.includes(font),
    [FONT],
  )
  const previewStyle = await preview.evaluate((element) => {
    const style = getComputedStyle(element)
    const button = element.querySelector('[data-slot="button"]')
    const sidebar = element.querySelector('[data-testid="preview-sidebar"]')
    return {
      background: style.backgroundColor,
      color: style.color,
      button: getComputedStyle(button).backgroundColor,
      sidebar: getComputedStyle(sidebar).backgroundColor,
    }
  })
  assert.deepEqual(previewStyle, { background: rgb(THEME.Fundo), color: rgb(TEXT), button: rgb(THEME['Cor primária']), sidebar: rgb(THEME['Barra lateral']) })

  await owner.getByRole('button', { name: 'Salvar' }).click()
  await owner.getByText('Configurações salvas').first().waitFor()
  // The owner portal itself takes the new look at once.
  await owner.waitForFunction((background) => getComputedStyle(document.body).backgroundColor === background, rgb(THEME.Fundo))
  await screenshot(owner, 'branding-settings')

  // The client portal of the tenant, in a browser of its own.
  const client = await newPage(browser, { timeout: 20_000 })
  const fontRequests = []
  client.on('request', (request) => {
    if (/\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fontRequests.push(request.url())
  })
  const response = await client.goto(`/client/login?tenant=${encodeURIComponent(env.E2E_TENANT)}`)
  assert.match(response.headers()['content-security-policy'] ?? '', /font-src 'self'( data:)?;/, 'fonts only from the app itself')
  await client.fill('#email', env.E2E_CLIENT_EMAIL)
  await client.fill('#password', env.E2E_CLIENT_PASSWORD)
  await client.getByRole('button', { name: 'Entrar' }).click()
  await client.waitForURL((url) => url.pathname === '/client/dashboard')
  await client.getByTestId('client-greeting').waitFor()

  const font = await loadedFont(client, FONT)
  assert.ok(font.bodyFont.includes(FONT), `the document's font is ${font.bodyFont}`)
  assert.equal(font.check, true, `document.fonts.check says ${FONT} is not ready`)
  const body = await client.evaluate(() => {
    const style = getComputedStyle(document.body)
    return { color: style.color, background: style.backgroundColor, dark: document.documentElement.classList.contains('dark') }
  })
  assert.deepEqual(body, { color: rgb(TEXT), background: rgb(THEME.Fundo), dark: false })
  assert.ok(
    fontRequests.some((url) => url.toLowerCase().includes('poppins')),
    `the chosen font's files were fetched: ${fontRequests}`,
  )
  for (const url of fontRequests) assert.ok(url.startsWith(`${baseUrl}/assets/`), `a font from the app itself: ${url}`)
  await screenshot(client, 'branding-client-portal')
  await client.context().close()
})
