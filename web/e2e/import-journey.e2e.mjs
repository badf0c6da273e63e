// Importing an .mq5, in Chromium against the real server and a real compile agent (the compiler-agent binary with
// the MetaEditor stand-in, started by scripts/e2e.sh): the progress reaches 100 % and the robot shows its new version;
// a broken file ends with the friendly explanation at the line of the owner's own file. Runs before the owner
// journey (which changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const EA = new URL('../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5', import.meta.url)

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET')

let browser
let page
let files

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-import-'))
  browser = await launchChromium()
  page = await newPage(browser, { width: 1400, height: 900, timeout: 20_000 })
})
after(async () => browser?.close())

/** MetaEditor saves UTF-16LE with a BOM: the journey uploads it that way. */
async function utf16File(name, text) {
  const path = join(files, name)
  await writeFile(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
  return path
}

async function importFile(path) {
  await page.getByLabel('Arquivo .mq5').setInputFiles(path)
  await page.getByRole('button', { name: 'Compilar' }).click()
}

test('import journey: an .mq5 compiled to 100 % becomes a version; a broken one is explained at its line', async () => {
  await signInAsOwner(page)

  const source = await readFile(EA, 'utf8')
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: 'Importar Robô' }).click()
  await page.waitForURL((url) => url.pathname === '/tenant/robots/import')
  await importFile(await utf16File('Tendencia_Importada.mq5', source))
  assert.equal(await page.getByLabel('Nome do robô').inputValue(), 'Tendencia_Importada', 'the name comes from the file')
  await page.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 60_000 })
  await page.getByText('Tendencia_Importada recebeu a versão 1.0.0.').waitFor()
  await screenshot(page, 'import-completed')

  await page.getByRole('link', { name: 'Ver versões do robô' }).click()
  await page.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  await page.getByRole('cell', { name: 'Tendencia_Importada.ex5' }).first().waitFor()

  // A broken file: the stand-in MetaEditor reports `undeclared_identifier` where it is used.
  const lines = source.split('\n')
  const onTick = lines.findIndex((line) => line.includes('void OnTick'))
  lines.splice(onTick + 2, 0, '   undeclared_identifier = 1;')
  const brokenLine = onTick + 3
  await page.goto('/tenant/robots/import')
  await importFile(await utf16File('Quebrado.mq5', lines.join('\n')))
  await page.getByRole('heading', { name: 'Falha na compilação' }).waitFor({ timeout: 60_000 })
  const errors = page.getByRole('list', { name: 'Erros de compilação' })
  await errors.getByText(`Linha ${brokenLine}, coluna 5`).waitFor()
  await errors.getByText(/Variável não declarada/).waitFor()
  assert.equal(await page.locator('[role="progressbar"]').getAttribute('aria-valuenow'), '0', 'a failed job shows 0 %')
  await screenshot(page, 'import-failed')
})
