// The owner's catalogue, in Chromium against the real server: upload the tenant's logo, pick a theme and see
// the portal restyle, upload two versions of a robot and activate the second, set the robot's offline grace, edit a
// sales page (a script and an event handler in it are removed) and preview it. Runs before the owner journey (which changes the
// owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
/* global document, getComputedStyle -- callbacks passed to evaluate/waitForFunction run in the page */
import { env, expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a2a9d60000000049454e44ae426082',
  'hex',
)

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET')

let browser
let page
let files

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-'))
  browser = await launchChromium()
  page = await newPage(browser, { width: 1400, height: 900, timeout: 15_000 })
})
after(async () => browser?.close())

/** A file on disk for the file inputs. */
async function file(name, bytes) {
  const path = join(files, name)
  await writeFile(path, bytes)
  return path
}

function fakeEx5(seed) {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => ((i + seed) * 7919) % 251))
}

/** The `--primary` colour token the page's root carries. */
const primaryToken = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())

test('catalog journey: logo, theme, two versions with the second active, a sanitized sales page', async () => {
  await signInAsOwner(page)

  // The tenant's logo: a PNG named .exe is taken as the PNG it is.
  await page.goto('/tenant/settings')
  await page.getByLabel('Logo', { exact: true }).setInputFiles(await file('logo.exe.png', PNG))
  await page.getByText('Logo enviado').first().waitFor()
  const logo = page.getByRole('img', { name: 'Logo atual' })
  await logo.waitFor()
  assert.match(await logo.getAttribute('src'), /^\/api\/public\/files\/.+\.png$/)
  await expectNoSeriousA11yViolations(page, 'tenant: settings')

  // A theme: Esmeralda, saved, restyles the portal.
  const before = await primaryToken()
  await page.getByRole('group', { name: 'Temas prontos' }).getByRole('button', { name: /Esmeralda/ }).click()
  await page.getByRole('button', { name: 'Salvar' }).click()
  await page.getByText(/Configurações salvas/).first().waitFor()
  await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim() === '#10b981')
  assert.notEqual(before, '#10b981')
  await expectNoSeriousA11yViolations(page, 'tenant: settings, Esmeralda theme')
  await screenshot(page, 'catalog-theme')

  // Two versions of the demo robot; the first becomes active, then the second is activated.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: 'Versões de Robô Demo' }).click()
  await page.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  const upload = page.getByRole('form', { name: 'Enviar nova versão' })
  for (const [major, seed] of [['1', 1], ['2', 2]]) {
    await upload.getByLabel('Principal').fill(major)
    await upload.getByLabel('Arquivo').setInputFiles(await file(`RoboDemo-${major}.ex5`, fakeEx5(seed)))
    await upload.getByLabel('Notas').fill(`Versão ${major}`)
    await upload.getByRole('button', { name: 'Enviar Versão' }).click()
    await page.getByRole('cell', { name: `RoboDemo-${major}.ex5` }).first().waitFor()
  }
  await page.getByRole('button', { name: 'Ativar versão 2.0.0' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ativar' }).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Ativar versão')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ativar' }).click()
  await page.getByRole('button', { name: 'Ativar versão 1.0.0' }).waitFor()
  assert.equal(await page.getByRole('button', { name: 'Ativar versão 2.0.0' }).count(), 0, 'the second is the active one')
  // Uploaded .ex5 files carry no license check the platform knows of.
  await page.getByRole('row').filter({ hasText: 'RoboDemo-2.ex5' }).getByText('Sem verificação de licença').waitFor()

  // The robot's license settings: two days without the server, saved.
  const license = page.getByRole('form', { name: 'Configurações de licença' })
  await license.getByLabel('Tolerância sem servidor').fill('48')
  await license.getByRole('button', { name: 'Salvar' }).click()
  await page.getByText('Configurações de licença salvas').first().waitFor()
  const saved = await page.request.get(page.url().replace(/\/tenant\/robots\/([^/]+)\/versions$/, '/api/tenant/robots/$1/license'), {
    headers: { 'x-tenant-secret': env.E2E_TENANT_SECRET },
  })
  assert.equal((await saved.json()).offlineGraceSeconds, 48 * 3600)

  // The sales page's advanced HTML: what is stored and previewed has no script and no handler.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: 'Página de vendas de Robô Demo' }).click()
  await page.getByText('HTML avançado', { exact: true }).click()
  await page.getByRole('textbox', { name: 'HTML do bloco 1' }).fill('<h1>Robô Demo</h1><p onclick="alert(1)">Opere com disciplina.</p><script>alert(2)</script>')
  await page.getByRole('button', { name: 'Salvar' }).click()
  await page.getByText('Página de vendas salva').first().waitFor()
  const preview = page.getByRole('region', { name: 'Pré-visualização da página' })
  const block = preview.locator('iframe[title="Conteúdo adicional 1"]')
  await preview.frameLocator('iframe[title="Conteúdo adicional 1"]').getByRole('heading', { name: 'Robô Demo' }).waitFor()
  const stored = await block.getAttribute('srcdoc')
  assert.ok(!stored.includes('<script') && !stored.includes('onclick'), stored)
  await screenshot(page, 'catalog-sales-page')
})
