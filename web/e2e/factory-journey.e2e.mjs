// The AI robot factory, in Chromium against the real server, its in-process workers, the OpenAI-compatible stand-in
// (real HTTP, answers streamed 100 ms a piece) and a real compile agent with the MetaEditor stand-in, all started by
// scripts/e2e.sh: the seven-step wizard → the version being generated → the conversation filling as the model writes →
// the version compiled → Publicar Robô → the robot shows the new version. Runs before the owner journey (which changes
// the owner's password).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { expectNoSeriousA11yViolations, launchChromium, newPage, requireEnv, screenshot, signInAsOwner } from './support.mjs'
/* global window, document, MutationObserver -- callbacks passed to evaluate run in the page */

requireEnv('E2E_OWNER_EMAIL', 'E2E_OWNER_PASSWORD', 'E2E_TENANT_SECRET')

const ROBOT = 'Tendencia IA E2E'
const ANSWERS = [
  ROBOT,
  'Lote de 0.10; média móvel simples de 20 períodos no H1; número mágico 20261123.',
  'Comprar quando o preço fechar acima da média e não houver posição aberta.',
  'Fechar a posição quando o preço fechar abaixo da média.',
  'Uma posição por vez, lote fixo, sem martingale nem grade.',
  'Stop loss de 300 pontos e take profit de 600 pontos em cada ordem.',
  'Parar de operar no dia após perder 2% do saldo ou três perdas seguidas.',
]

let browser
let page

before(async () => {
  browser = await launchChromium()
  page = await newPage(browser, { width: 1400, height: 900, timeout: 20_000 })
})
after(async () => browser?.close())

/**
 * Watches the project page from the moment it opens and remembers what it showed: every version status badge and
 * whether the model's text appeared in the live bubble while being written (it is gone once the message is saved).
 */
async function watchProjectPage() {
  await page.evaluate(() => {
    const seen = { statuses: new Set(), draftTexts: 0 }
    window.__factorySeen = seen
    const look = () => {
      for (const card of document.querySelectorAll('li[aria-label^="Versão "]')) {
        const badge = card.querySelector('h3 + *')
        if (badge?.textContent) seen.statuses.add(badge.textContent.trim())
      }
      const draft = document.querySelector('[data-testid="live-draft"]')
      if (draft && draft.textContent.includes('OnInit')) seen.draftTexts += 1
    }
    look()
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

const seenOnPage = () => page.evaluate(() => ({ statuses: [...window.__factorySeen.statuses], draftTexts: window.__factorySeen.draftTexts }))

test('factory journey: wizard → generating → conversation fills → compiled → published → the robot shows the version', async () => {
  await signInAsOwner(page)

  await page.goto('/tenant/robot-factory')
  await page.getByRole('link', { name: /Novo Projeto/ }).first().waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: robot factory')
  await page.getByRole('link', { name: /Novo Projeto/ }).first().click()
  await page.waitForURL((url) => url.pathname === '/tenant/robot-factory/new')
  const wizard = page.getByRole('form', { name: 'Novo projeto' })

  // Próximo refuses an empty step with the field's own message and stays on it.
  await wizard.getByRole('button', { name: 'Próximo' }).click()
  await wizard.getByText('Nome deve ter pelo menos 3 caracteres').waitFor()

  for (const [index, answer] of ANSWERS.entries()) {
    await wizard.getByRole('textbox').fill(answer)
    if (index < ANSWERS.length - 1) await wizard.getByRole('button', { name: 'Próximo' }).click()
  }
  await screenshot(page, 'factory-wizard')
  await wizard.getByRole('button', { name: 'Gerar Robô' }).click()
  await page.waitForURL((url) => /^\/tenant\/robot-factory\/[0-9a-f-]{36}$/.test(url.pathname))
  await watchProjectPage()
  await page.getByRole('heading', { name: ROBOT }).waitFor()

  // The version settles as compiled; meanwhile the page showed it at work and the model's text arriving.
  const versions = page.getByRole('list', { name: 'Versões do projeto' })
  const first = versions.getByRole('listitem', { name: 'Versão 1' })
  await first.getByText('Compilado', { exact: true }).waitFor({ timeout: 90_000 })
  const seen = await seenOnPage()
  assert.ok(
    seen.statuses.some((status) => ['Pendente', 'Gerando', 'Revisando', 'Compilando'].includes(status)),
    `the version was shown at work before it compiled (saw ${seen.statuses.join(', ')})`,
  )
  assert.ok(seen.draftTexts > 0, 'the model’s code appeared in the conversation while it was being written')

  // The conversation holds the request, the generated code, the review and the compile result.
  const messages = page.getByTestId('conversation-message')
  assert.ok((await messages.count()) >= 4, `the conversation filled (${await messages.count()} messages)`)
  await page.getByRole('region', { name: 'Mensagens da conversa' }).getByText(/Notas da revisão/).first().waitFor()
  await first.getByRole('button', { name: 'Baixar .ex5 da versão 1' }).waitFor()
  await screenshot(page, 'factory-compiled')

  await page.getByRole('button', { name: 'Publicar Robô' }).click()
  const publish = page.getByRole('dialog', { name: 'Publicar Robô' })
  await publish.getByRole('button', { name: 'Publicar' }).waitFor()
  await expectNoSeriousA11yViolations(page, 'tenant: dialog Publicar Robô')
  await publish.getByRole('button', { name: 'Publicar' }).click()
  await page.getByText('Versão 1.0.0 disponível para clientes').first().waitFor()
  await page.getByText('Publicado', { exact: true }).first().waitFor()

  // The robot it was published as lists the new version with the compiled file.
  await page.goto('/tenant/robots')
  await page.getByRole('link', { name: `Versões de ${ROBOT}` }).click()
  await page.waitForURL((url) => /\/tenant\/robots\/[^/]+\/versions$/.test(url.pathname))
  const row = page.getByRole('row').filter({ hasText: 'Tendencia_IA_E2E.ex5' })
  await row.getByRole('button', { name: 'Baixar versão 1.0.0' }).waitFor()
  await row.getByText('Ativa', { exact: true }).waitFor()
  await screenshot(page, 'factory-published')
})
