// Browser journeys through the three portals against a running server (the real API serving web/dist).
// Configure with E2E_* variables (listed in web/README.md). Run: npm run e2e
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, openMailbox, purchaseIdLogin, screenshot } from './support.mjs'

const TIMEOUT_MS = 15_000

/**
 * Every journey needs its variables: a missing one fails loudly at start
 * rather than skipping (a skipped journey would prove nothing).
 */
function missing(...names) {
  const absent = names.filter((name) => !env[name])
  if (absent.length) throw new Error(`defina ${absent.join(', ')} (scripts/e2e.sh define todos)`)
  return false
}

let browser

before(async () => {
  browser = await launchChromium()
})

after(async () => {
  await browser?.close()
})

/** A fresh browser profile per journey: no cookie or localStorage leaks between portals. */
async function withPage(journey) {
  const page = await newPage(browser, { height: 800, timeout: TIMEOUT_MS })
  const consoleErrors = []
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  try {
    await journey(page)
    assert.deepEqual(consoleErrors, [], 'the page threw uncaught errors')
  } finally {
    await page.context().close()
  }
}

function pathOf(page) {
  return new URL(page.url()).pathname
}

describe('admin portal', () => {
  test('admin signs in at /auth and lands on the dashboard', { skip: missing('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD') }, () =>
    withPage(async (page) => {
      await page.goto('/auth')
      await page.getByRole('button', { name: 'Entrar' }).waitFor()
      await expectNoSeriousA11yViolations(page, 'admin: login')
      await page.fill('#username', env.E2E_ADMIN_USER)
      await page.fill('#password', env.E2E_ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await page.getByText('Admin Master', { exact: true }).waitFor()
      assert.equal(await page.title(), 'Dashboard | RoboForge')
      await page.getByRole('group', { name: 'Total de Clientes' }).waitFor()
      await expectNoSeriousA11yViolations(page, 'admin: dashboard')
      await screenshot(page, 'admin-dashboard')
    }),
  )

  test('a wrong admin password shows the error toast', { skip: missing('E2E_ADMIN_USER') }, () =>
    withPage(async (page) => {
      await page.goto('/auth')
      await page.fill('#username', env.E2E_ADMIN_USER)
      await page.fill('#password', `${env.E2E_ADMIN_PASSWORD ?? 'x'}-definitely-wrong`)
      await page.press('#password', 'Enter')
      await page.getByText('Falha no login', { exact: true }).waitFor()
      assert.equal(pathOf(page), '/auth')
      await expectNoSeriousA11yViolations(page, 'admin: login refused (toast)')
      await screenshot(page, 'admin-login-failed')
    }),
  )
})

describe('admin portal guards', () => {
  test('a signed-out visitor is sent to /auth; unknown paths show the 404; Sair ends the session', { skip: missing('E2E_ADMIN_USER', 'E2E_ADMIN_PASSWORD') }, () =>
    withPage(async (page) => {
      await page.goto('/tenants')
      await page.waitForURL((url) => url.pathname === '/auth')
      await page.fill('#username', env.E2E_ADMIN_USER)
      await page.fill('#password', env.E2E_ADMIN_PASSWORD)
      await page.press('#password', 'Enter')
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/pagina-que-nao-existe')
      await page.getByRole('heading', { name: '404' }).waitFor()
      await page.getByText('Did you forget to add the page to the router?').waitFor()
      await screenshot(page, 'admin-404')
      await page.goto('/')
      await page.getByRole('button', { name: 'Sair' }).click()
      await page.waitForURL((url) => url.pathname === '/auth')
      const me = await page.request.get('/api/auth/me')
      assert.equal(me.status(), 401, 'the session ended on the server')
    }),
  )
})

describe('tenant-owner portal', () => {
  test('a wrong security key is refused with the login error', { skip: missing('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD') }, () =>
    withPage(async (page) => {
      await page.goto('/tenant/login')
      await page.fill('#email', env.E2E_OWNER_EMAIL)
      await page.fill('#password', env.E2E_OWNER_PASSWORD)
      await page.fill('#securityKey', 'chave-errada-0000000000000000')
      await page.press('#securityKey', 'Enter')
      await page.getByText('Falha no login', { exact: true }).waitFor()
      assert.equal(pathOf(page), '/tenant/login')
    }),
  )

  test('owner signs in at /tenant/login and sees the tenant dashboard', { skip: missing('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET') }, () =>
    withPage(async (page) => {
      await page.goto('/tenant/login')
      await page.getByRole('heading', { name: 'Portal do Revendedor' }).waitFor()
      await expectNoSeriousA11yViolations(page, 'tenant: login')
      await page.fill('#email', env.E2E_OWNER_EMAIL)
      await page.fill('#password', env.E2E_OWNER_PASSWORD)
      await page.fill('#securityKey', env.E2E_TENANT_SECRET)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await page.waitForURL((url) => url.pathname === '/tenant/dashboard')
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      const tenantName = (await page.getByTestId('tenant-name').textContent())?.trim()
      assert.ok(tenantName, 'tenant name shown in the sidebar')
      if (env.E2E_TENANT_NAME) assert.equal(tenantName, env.E2E_TENANT_NAME)
      assert.notEqual(tenantName, 'White Label')
      // The key is not kept by the page: the server's HttpOnly tenant pass stands for it from now on.
      assert.equal(await page.evaluate(() => localStorage.getItem('tenant_secret')), null)
      const pass = (await page.context().cookies()).find((cookie) => cookie.name === 'rf_tenant_pass' && cookie.httpOnly)
      assert.ok(pass, 'an HttpOnly tenant pass cookie')
      await page.getByText('Total de Clientes').first().waitFor()
      await expectNoSeriousA11yViolations(page, 'tenant: dashboard')
      await screenshot(page, 'tenant-dashboard')
    }),
  )
})

describe('client portal', () => {
  const loginUrl = () => `/client/login?tenant=${encodeURIComponent(env.E2E_TENANT ?? '')}`

  async function passwordLogin(page, { a11y = false } = {}) {
    await page.goto(loginUrl())
    if (a11y) {
      await page.getByRole('button', { name: 'Entrar' }).waitFor()
      await expectNoSeriousA11yViolations(page, 'client: login (e-mail e senha)')
    }
    await page.fill('#email', env.E2E_CLIENT_EMAIL)
    await page.fill('#password', env.E2E_CLIENT_PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL((url) => url.pathname === '/client/dashboard')
    await page.getByTestId('client-greeting').waitFor()
  }

  test('client signs in with e-mail and password and is greeted', { skip: missing('E2E_TENANT', 'E2E_CLIENT_EMAIL', 'E2E_CLIENT_PASSWORD') }, () =>
    withPage(async (page) => {
      await passwordLogin(page, { a11y: true })
      await page.getByText('Login realizado com sucesso!', { exact: true }).waitFor()
      const greeting = await page.getByTestId('client-greeting').textContent()
      assert.match(greeting ?? '', /^Olá, \S+/)
      await expectNoSeriousA11yViolations(page, 'client: dashboard')
      await screenshot(page, 'client-dashboard')
    }),
  )

  test(
    'client signs out, then signs in with the purchase id and the code e-mailed to them',
    { skip: missing('E2E_TENANT', 'E2E_CLIENT_EMAIL', 'E2E_CLIENT_PASSWORD', 'E2E_PURCHASE_ID', 'E2E_RESEND_PORT') },
    () =>
      withPage(async (page) => {
        const mailbox = await openMailbox()
        try {
          await passwordLogin(page)
          await page.getByRole('button', { name: 'Sair' }).click()
          await page.waitForURL((url) => url.pathname === '/client/login')
          await purchaseIdLogin(page, mailbox, { email: env.E2E_CLIENT_EMAIL, purchaseId: env.E2E_PURCHASE_ID, a11y: true })
          await page.getByTestId('client-greeting').waitFor()
          await screenshot(page, 'client-dashboard-purchase-id')
        } finally {
          await mailbox.close()
        }
      }),
  )
})
