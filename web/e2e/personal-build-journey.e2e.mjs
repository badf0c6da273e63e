// Personal builds (decision 0015), in Chromium against the real server and a real compile agent (the compiler-agent
// binary with the MetaEditor stand-in, started by scripts/e2e.sh): the owner imports an .mq5 → records a PIX sale of
// that robot → imports the .mq5 again (its next version) → the buyer signs in with the purchase id → the owner
// activates the new version, which queues the buyer's personal copy of it → the buyer clicks Download and watches
// "Preparando sua cópia pessoal…" until the copy comes, a file unlike the version's shared one → the owner traces
// that file on "Cópias pessoais" to the buyer and their one download, and revokes it: "Revogada", the robot's license
// check of that copy answers BUILD_REVOKED and the buyer's next download is the shared file. Runs before the owner
// journey (which changes the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { env, launchChromium, newPage, openMailbox, purchaseIdLogin, requireEnv, screenshot, signInAsOwner } from './support.mjs'

const EA = new URL('../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5', import.meta.url)
const run = Date.now().toString(36)
const ROBOT = `Copia_Pessoal_${run}`
/**
 * The MetaEditor stand-in takes this long over every compile of the source (the knob is a comment, so the personal
 * copies, compiled from the version's source, carry it too): the buyer's copy is still being prepared when they click
 * Download right after the owner activates the version.
 */
const COMPILE_SECONDS = 12
const ACCOUNT = `6${String(Date.now()).slice(-7)}`

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET', 'E2E_TENANT', 'E2E_RESEND_PORT')

let browser
let mailbox
let files

before(async () => {
  files = await mkdtemp(join(tmpdir(), 'rf-e2e-personal-build-'))
  mailbox = await openMailbox()
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await mailbox?.close()
})

/** MetaEditor saves UTF-16LE with a BOM: the journey uploads it that way. */
async function utf16File(name, text) {
  const path = join(files, name)
  await writeFile(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
  return path
}

/** Imports the .mq5 at `path` and waits for the compile to end with the version `version`. */
async function importSource(owner, path, version) {
  await owner.getByLabel('Arquivo .mq5').setInputFiles(path)
  assert.equal(await owner.getByLabel('Nome do robô').inputValue(), ROBOT, 'the name comes from the file')
  await owner.getByRole('button', { name: 'Compilar' }).click()
  // The agent may first finish a personal copy it took (each compile takes COMPILE_SECONDS here).
  await owner.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 90_000 })
  await owner.getByText(`${ROBOT} recebeu a versão ${version}.`).waitFor()
}

/** The file the download that `action` starts saves: its name and bytes. */
async function downloadOf(page, action, timeout) {
  const downloaded = page.waitForEvent('download', { timeout })
  await action()
  const download = await downloaded
  const path = await download.path()
  assert.ok(path, `the download was saved: ${await download.failure()}`)
  return { name: download.suggestedFilename(), bytes: await readFile(path) }
}

test("personal build journey: the buyer's copy is prepared, downloaded, traced to them and revoked", async () => {
  const buyer = `copia-${run}@example.com`
  const buyerName = 'Rita Rastreio'

  // The owner imports the robot's source: its first version, active at once.
  const owner = await newPage(browser, { width: 1400, height: 900, timeout: 20_000, acceptDownloads: true })
  await signInAsOwner(owner)
  const source = `${await readFile(EA, 'utf8')}\n// STAND-IN: SECONDS=${COMPILE_SECONDS}\n`
  const mq5 = await utf16File(`${ROBOT}.mq5`, source)
  await owner.goto('/tenant/robots/import')
  await importSource(owner, mq5, '1.0.0')
  await owner.getByRole('link', { name: 'Ver versões do robô' }).click()
  await owner.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  const versionsUrl = new URL(owner.url()).pathname
  const robotId = versionsUrl.split('/').at(-2)

  // A PIX sale of the robot: a license for a new buyer (its personal copy of 1.0.0 is queued with it).
  await owner.goto('/tenant/sales')
  await owner.getByRole('button', { name: 'Registrar venda' }).click()
  const dialog = owner.getByRole('dialog', { name: 'Registrar venda' })
  await owner.keyboard.type(buyerName)
  await dialog.getByLabel('E-mail do comprador').fill(buyer)
  await dialog.getByRole('combobox', { name: /Robô/ }).click()
  await owner.getByRole('option', { name: ROBOT }).click()
  await dialog.getByLabel(/Valor/).fill('497.00')
  await dialog.getByRole('button', { name: 'Registrar venda' }).click()
  // The answer stays in the dialog, told as it is (never "Enviamos"): the purchase id is in it.
  const outcome = dialog.getByTestId('manual-sale-outcome')
  const purchaseId = (await outcome.getByText(/^MAN-[A-Z0-9]{10}$/).innerText()).trim()
  await outcome.getByRole('button', { name: 'Fechar' }).click()

  // The next version of the robot, from a changed source: it waits for the owner to activate it.
  await owner.goto('/tenant/robots/import')
  await importSource(owner, await utf16File(`${ROBOT}.mq5`, `${source}// versão 1.0.1: ajuste fino\n`), '1.0.1')
  await owner.getByText('Inativa', { exact: true }).waitFor()

  // The buyer signs in with the e-mail and the purchase id and opens their robots.
  const client = await newPage(browser, { acceptDownloads: true })
  await client.goto(`/client/login?tenant=${env.E2E_TENANT}`)
  await purchaseIdLogin(client, mailbox, { email: buyer, purchaseId })
  await client.goto('/client/robots')
  const card = client.getByRole('article', { name: ROBOT })
  await card.waitFor()

  // The owner activates 1.0.1: the buyer's personal copy of it is queued and takes COMPILE_SECONDS to compile.
  await owner.goto(versionsUrl)
  await owner.getByRole('button', { name: 'Ativar versão 1.0.1' }).click()
  await owner.getByRole('alertdialog', { name: 'Ativar versão 1.0.1' }).getByRole('button', { name: 'Ativar' }).click()
  await owner.getByText('Versão ativada').first().waitFor()

  // The buyer clicks Download: the copy is being prepared, then the file comes by itself.
  const personalDownload = downloadOf(client, () => card.getByRole('button', { name: 'Download' }).click(), 90_000)
  const preparing = card.getByRole('region', { name: `Preparando ${ROBOT}` })
  await preparing.getByRole('status').filter({ hasText: 'Preparando sua cópia pessoal…' }).waitFor()
  await preparing.getByRole('progressbar', { name: 'Progresso da cópia pessoal' }).waitFor()
  await preparing.getByRole('button', { name: 'Cancelar download' }).waitFor()
  await screenshot(client, 'personal-build-preparing')

  // Meanwhile the owner sees the buyer still on the shared file, their copy on its way.
  await owner.reload()
  const sharedClients = owner.getByRole('table', { name: 'Clientes na cópia padrão' })
  await sharedClients.getByRole('row').filter({ hasText: buyer }).getByText(/^(Na fila|Compilando)$/).waitFor()

  const personal = await personalDownload.catch(async (error) => {
    await screenshot(client, 'personal-build-download-failed')
    throw error
  })
  assert.match(personal.name, /\.ex5$/)
  assert.ok(personal.bytes.length > 0, 'the personal copy has bytes')
  await preparing.waitFor({ state: 'detached' })
  await client.getByText('Download concluído').first().waitFor()

  // The shared file of 1.0.1, from the owner's versions page: the buyer's copy is another file.
  await owner.reload()
  await owner.getByText('Todos os clientes ativos já têm a sua cópia pessoal da versão ativa.').waitFor()
  const shared = await downloadOf(owner, () => owner.getByRole('button', { name: 'Baixar versão 1.0.1' }).click(), 30_000)
  assert.ok(shared.bytes.length > 0, 'the shared file has bytes')
  assert.notDeepEqual(personal.bytes, shared.bytes, "the buyer's personal copy is not the version's shared file")

  // The owner traces a found file. The shared file is nobody's copy.
  const copies = owner.getByRole('region', { name: 'Cópias pessoais' })
  const found = (bytes) => ({ name: 'encontrado.ex5', mimeType: 'application/octet-stream', buffer: bytes })
  await copies.getByLabel('Arquivo .ex5 encontrado').setInputFiles(found(shared.bytes))
  await copies.getByRole('button', { name: 'Rastrear vazamento' }).click()
  await copies.getByText('Erro ao rastrear arquivo').waitFor()

  // The buyer's file names the buyer, the version and the one download of that copy.
  await copies.getByLabel('Arquivo .ex5 encontrado').setInputFiles(found(personal.bytes))
  const traced = owner.waitForResponse((response) => response.url().endsWith(`/api/tenant/robots/${robotId}/leak-trace`) && response.status() === 200)
  await copies.getByRole('button', { name: 'Rastrear vazamento' }).click()
  const trace = await (await traced).json()
  const result = copies.getByRole('region', { name: 'Resultado do rastreamento' })
  await result.getByText(`Este arquivo é a cópia pessoal de ${buyerName}.`).waitFor()
  await result.getByText(buyer).waitFor()
  await result.getByText('v1.0.1').waitFor()
  await result.getByText(trace.buildMark).waitFor()
  assert.equal(trace.clientEmail, buyer)
  assert.equal(trace.buildStatus, 'ready')
  const downloads = result.getByRole('table', { name: 'Downloads desta cópia' })
  await downloads.getByRole('row').nth(1).waitFor()
  assert.equal(await downloads.getByRole('row').count(), 2, 'a header and the one download of this copy')
  assert.equal(trace.downloads.length, 1, JSON.stringify(trace.downloads))
  await screenshot(owner, 'personal-build-traced')

  // Revoked after the confirmation.
  await result.getByRole('button', { name: 'Revogar esta cópia' }).click()
  const confirm = owner.getByRole('alertdialog', { name: 'Revogar esta cópia?' })
  await confirm.getByText(new RegExp(`A cópia de ${buyerName} deixa de funcionar`)).waitFor()
  await confirm.getByRole('button', { name: 'Revogar' }).click()
  await confirm.waitFor({ state: 'detached' })
  await result.getByText('Revogada', { exact: true }).waitFor()
  await result.getByText('Cópia revogada', { exact: true }).waitFor()
  assert.equal(await result.getByRole('button', { name: 'Revogar esta cópia' }).count(), 0, 'revoked once')
  // The buyer is back on the shared file.
  await sharedClients.getByRole('row').filter({ hasText: buyer }).getByText('Revogada', { exact: true }).waitFor()
  await screenshot(owner, 'personal-build-revoked')

  // The robot's license check of that copy (license id and build mark, no e-mail): refused as revoked.
  const headers = { 'x-tenant-secret': env.E2E_TENANT_SECRET }
  const me = await (await owner.request.get('/api/tenant-auth/me', { headers })).json()
  const check = await client.request.post('/api/webhooks/validate-license', {
    data: { licenseId: trace.licenseId, buildMark: trace.buildMark, mtAccount: ACCOUNT, robotId, tenantId: me.tenant.id, nonce: `pb${run}` },
  })
  const answer = await check.json()
  assert.equal(answer.valid, false, JSON.stringify(answer))
  assert.equal(answer.code, 'BUILD_REVOKED', JSON.stringify(answer))

  // The buyer's next download is the version's shared file.
  const again = await downloadOf(client, () => card.getByRole('button', { name: 'Download' }).click(), 30_000)
  assert.deepEqual(again.bytes, shared.bytes, 'after the revocation the buyer downloads the shared file')
  await client.context().close()
  await owner.context().close()
})
