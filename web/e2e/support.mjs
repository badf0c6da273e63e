// What every Chromium journey shares: the server scripts/e2e.sh started, the browser, a fresh page, screenshots,
// the owner's sign-in and the mailbox the server's e-mail arrives at. (Not a test file: the e2e list in package.json names the journeys.)
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
/* global window, document -- the axe callbacks run in the page */

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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs axe-core on what the page shows now (the whole document, open dialogs included) and fails, naming `label`,
 * when a rule finds a serious or critical violation: each with its rule id, impact, the elements (CSS selector and
 * markup), what axe found there (for color-contrast the ratio, both colours and the font size) and axe's help link.
 * Call it once the screen's content is there. The mouse is moved off the page first and running animations (a toast
 * or a dialog fading in) are let finish, so hover styles and half-faded colours do not decide the result.
 * `allow` turns rules off for this one check, each with the reason it is wrong there: { 'rule-id': 'why' }.
 * axe is injected through evaluate rather than a script tag, so a page whose Content-Security-Policy allows no
 * inline script (the public sales page) is checked too.
 */
export async function expectNoSeriousA11yViolations(page, label, { allow = {} } = {}) {
  await page.mouse.move(0, 0)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity) // not spinners
        .map((animation) => animation.finished.catch(() => {})),
    ),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const rules = Object.fromEntries(Object.keys(allow).map((id) => [id, { enabled: false }]))
  const violations = await page.evaluate(async (rules) => {
    const results = await window.axe.run(document, { resultTypes: ['violations'], rules })
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 140)} — ${node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''}`),
    }))
  }, rules)
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  if (serious.length === 0) return
  const list = serious.map((v) => `- ${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n${v.nodes.map((node) => `    ${node}`).join('\n')}`)
  throw new Error(`acessibilidade: ${serious.length} violação(ões) séria(s) em "${label}" (${page.url()}):\n${list.join('\n')}`)
}

/**
 * Signs in at /tenant/login as the tenant owner scripts/e2e.sh created and waits for the dashboard. The key is typed
 * only when the page asks for it: a browser that signed in with it once holds the tenant pass and is not asked again.
 */
export async function signInAsOwner(page) {
  await page.goto('/tenant/login')
  await fillOwnerLogin(page, { email: env.E2E_OWNER_EMAIL, password: env.E2E_OWNER_PASSWORD, securityKey: env.E2E_TENANT_SECRET })
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/tenant/dashboard')
}

/**
 * Fills the owner's login form once it is there: e-mail, password, and `securityKey` when the key field shows (it is
 * hidden on a browser that holds the tenant pass). Resolves to whether the key field was shown.
 */
export async function fillOwnerLogin(page, { email, password, securityKey }) {
  const key = page.getByLabel('Chave de Segurança')
  const useKey = page.getByRole('button', { name: 'Usar chave de segurança' })
  await key.or(useKey).first().waitFor()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  const asked = await key.isVisible()
  if (asked) await key.fill(securityKey)
  return asked
}

/**
 * A local stand-in of the Resend API on $E2E_RESEND_PORT, where scripts/e2e.sh points the server's mailer (real
 * HTTP, Resend's request shape): it keeps every e-mail the server sends, as Resend would receive it. The journeys
 * run one at a time, so each one that reads e-mail opens its own and closes it at the end. It speaks Resend's
 * domains API too (`GET /domains`, `GET /domains/{id}`), answering from `domains` (Resend's shape: id, name, status,
 * records), for any bearer key.
 */
export async function openMailbox({ domains = [] } = {}) {
  requireEnv('E2E_RESEND_PORT')
  const messages = []
  const json = (response, status, value) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(value))
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/emails') {
        messages.push({ authorization: request.headers.authorization, ...JSON.parse(body) })
        json(response, 200, { id: `re_e2e_${messages.length}` })
      } else if (request.method === 'GET' && request.url.startsWith('/domains') && !request.headers.authorization) {
        json(response, 401, { statusCode: 401, name: 'missing_api_key', message: 'Missing API key' })
      } else if (request.method === 'GET' && request.url === '/domains') {
        json(response, 200, { object: 'list', data: domains.map((domain) => Object.fromEntries(Object.entries(domain).filter(([key]) => key !== 'records'))) })
      } else if (request.method === 'GET' && request.url.startsWith('/domains/')) {
        const found = domains.find((domain) => domain.id === decodeURIComponent(request.url.slice('/domains/'.length)))
        if (found) json(response, 200, { object: 'domain', ...found })
        else json(response, 404, { statusCode: 404, name: 'not_found', message: 'Domain not found' })
      } else {
        response.writeHead(404).end()
      }
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(Number(env.E2E_RESEND_PORT), '127.0.0.1', resolve)
  })
  return {
    messages,
    /**
     * Waits for a message to `to` whose subject contains `subject`, among those received from index `after` on
     * (the mailer runs as a background job, which can take a while to start right after the server does).
     */
    async waitFor(to, subject, { after = 0, timeoutMs = 120_000 } = {}) {
      const wanted = to.toLowerCase()
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
        const found = messages.slice(after).find((m) => [m.to].flat().some((address) => address.toLowerCase() === wanted) && m.subject.includes(subject))
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      throw new Error(`no e-mail "${subject}" to ${to}; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`)
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

/** The 6-digit code of a purchase-id sign-in e-mail ("Seu código de acesso"): its big bold paragraph. */
export function signInCodeOf(mail) {
  const code = mail.html.match(/letter-spacing:\s*6px[^>]*>\s*(\d{6})\s*</)?.[1]
  if (!code) throw new Error(`no 6-digit code in the e-mail: ${mail.html}`)
  return code
}

/**
 * Signs a client in at /client/login with e-mail and purchase id: sends the code, reads it from the e-mail in
 * `mailbox`, types it and waits for the dashboard. `a11y`: axe checks the purchase-id tab and the code step.
 */
export async function purchaseIdLogin(page, mailbox, { email, purchaseId, a11y = false }) {
  const before = mailbox.messages.length
  await page.getByRole('tab', { name: 'ID de Compra' }).click()
  if (a11y) await expectNoSeriousA11yViolations(page, 'client: login (ID de compra)')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'ID de Compra' }).fill(purchaseId)
  await page.getByRole('button', { name: 'Enviar código' }).click()
  await page.getByText('Enviamos um código de 6 dígitos').waitFor()
  if (a11y) await expectNoSeriousA11yViolations(page, 'client: login (código)')
  const mail = await mailbox.waitFor(email, 'Seu código de acesso', { after: before })
  await page.getByLabel('Código', { exact: true }).fill(signInCodeOf(mail))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/client/dashboard')
}
