// What every Chromium journey shares: the server scripts/e2e.sh started, the browser, a fresh page, screenshots
// and the owner's sign-in. (Not a test file: the e2e list in package.json names the journeys.)
import { mkdir } from 'node:fs/promises'
import { chromium } from 'playwright-core'

export const env = process.env
export const baseUrl = (env.E2E_BASE_URL ?? 'http://127.0.0.1:18080').replace(/\/$/, '')
export const screenshotDir = new URL('./screenshots/', import.meta.url)

/** Stops the journey at once, with the reason, when scripts/e2e.sh did not set what it needs. */
export function requireEnv(...names) {
  for (const name of names) {
    if (!env[name]) throw new Error(`defina ${name} (scripts/e2e.sh define todos)`)
  }
}

/** Headless Chromium from the system (CHROMIUM_PATH or Debian's), nothing fetched from the network. */
export async function launchChromium() {
  await mkdir(screenshotDir, { recursive: true })
  return chromium.launch({
    executablePath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * A page in a fresh browser context (no cookie or storage from another journey), in pt-BR, resolving paths against
 * the server. `contextOptions` go to newContext (e.g. acceptDownloads).
 */
export async function newPage(browser, { width = 1280, height = 900, timeout = 15_000, ...contextOptions } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'pt-BR', viewport: { width, height }, ...contextOptions })
  context.setDefaultTimeout(timeout)
  return context.newPage()
}

/** A full-page screenshot under e2e/screenshots/, for a person to look at after the run. */
export async function screenshot(page, name) {
  await page.screenshot({ path: new URL(`${name}.png`, screenshotDir).pathname, fullPage: true })
}

/** Signs in at /tenant/login as the tenant owner scripts/e2e.sh created and waits for the dashboard. */
export async function signInAsOwner(page) {
  await page.goto('/tenant/login')
  await page.getByLabel('E-mail').fill(env.E2E_OWNER_EMAIL)
  await page.getByLabel('Senha', { exact: true }).fill(env.E2E_OWNER_PASSWORD)
  await page.getByLabel('Chave de Segurança').fill(env.E2E_TENANT_SECRET)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/tenant/dashboard')
}
