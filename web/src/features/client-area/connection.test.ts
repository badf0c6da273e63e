import { describe, expect, it } from 'vitest'
import { connectionState, NOT_CONNECTED, refusalAdvice } from './connection'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const check = (valid: boolean, code: string, at = minutesAgo(2), mtAccount: string | null = '123') => ({ at, mtAccount, valid, code })

describe('connectionState: what a card says of its robot’s last license check', () => {
  it('"Ainda não conectado" before any check', () => {
    expect(connectionState({ lastCheck: null }, NOW)).toEqual({ kind: 'never', text: NOT_CONNECTED })
    expect(connectionState({}, NOW)).toEqual({ kind: 'never', text: 'Ainda não conectado' })
  })

  it('"Conectado: conta 123 · há 2 min" after a valid check, "agora" within the minute, hours and days after', () => {
    expect(connectionState({ lastCheck: check(true, 'OK') }, NOW)).toEqual({ kind: 'connected', text: 'Conectado: conta 123 · há 2 min' })
    expect(connectionState({ lastCheck: check(true, 'OK', minutesAgo(0.5)) }, NOW).text).toBe('Conectado: conta 123 · agora')
    expect(connectionState({ lastCheck: check(true, 'OK', minutesAgo(180)) }, NOW).text).toBe('Conectado: conta 123 · há 3 h')
    expect(connectionState({ lastCheck: check(true, 'OK', minutesAgo(2 * 24 * 60)) }, NOW).text).toBe('Conectado: conta 123 · há 2 dias')
  })

  it('leaves out what it does not know: the account, an unreadable time', () => {
    expect(connectionState({ lastCheck: check(true, 'OK', minutesAgo(2), null) }, NOW).text).toBe('Conectado · há 2 min')
    expect(connectionState({ lastCheck: check(true, 'OK', 'quando?') }, NOW).text).toBe('Conectado: conta 123')
  })

  it('a refused check: what to do, then which account asked and when', () => {
    expect(connectionState({ lastCheck: check(false, 'NOT_RECOGNIZED') }, NOW)).toEqual({
      kind: 'refused',
      text: 'Última verificação recusada: confira o e-mail da compra no robô e confirme a conta nesta página',
      detail: 'Conta 123 · há 2 min',
    })
    expect(connectionState({ lastCheck: check(false, 'EXPIRED', minutesAgo(5), null) }, NOW)).toMatchObject({ kind: 'refused', detail: 'há 5 min' })
  })

  it('tells a personal build’s buyer nothing about an e-mail', () => {
    const state = connectionState({ lastCheck: check(false, 'NOT_RECOGNIZED'), personalBuild: true }, NOW)
    expect(state.text).toBe('Última verificação recusada: confirme a conta nesta página e use o robô baixado aqui')
    expect(state.text).not.toMatch(/e-mail/)
  })

  it('names the account that asked and the bound one when the robot runs on another account', () => {
    const state = connectionState({ lastCheck: check(false, 'ACCOUNT_MISMATCH', minutesAgo(1), '999'), accountNumber: '123' }, NOW)
    expect(state.text).toBe('Última verificação recusada: a conta 999 não é a vinculada a esta licença; use a conta 123 ou Trocar Conta')
  })
})

describe('refusalAdvice: one pt-BR line per refusal code', () => {
  const sale = { personalBuild: false }
  const personal = { personalBuild: true }

  it.each([
    ['NOT_RECOGNIZED', 'Última verificação recusada: confira o e-mail da compra no robô e confirme a conta nesta página'],
    ['NOT_FOUND', 'Última verificação recusada: confira o e-mail da compra no robô e confirme a conta nesta página'],
    ['NOT_CONFIRMED', 'Última verificação recusada: confirme a conta MT5 nesta página'],
    ['ACCOUNT_MISMATCH', 'Última verificação recusada: confira o e-mail da compra no robô e se ele roda na conta vinculada a esta licença'],
    ['EXPIRED', 'Última verificação recusada: a licença expirou; renove a compra ou fale com o vendedor'],
    ['CANCELLED', 'Última verificação recusada: a licença foi cancelada; fale com o vendedor'],
    ['SUSPENDED', 'Última verificação recusada: seu cadastro está suspenso; fale com o vendedor'],
    ['TENANT_SUSPENDED', 'Última verificação recusada: a loja está suspensa; fale com o vendedor'],
    ['ROBOT_INACTIVE', 'Última verificação recusada: o vendedor desativou este robô; fale com o vendedor'],
    ['BUILD_REVOKED', 'Última verificação recusada: esta cópia do robô foi bloqueada pelo vendedor; fale com o vendedor'],
    ['THROTTLED', 'Última verificação recusada: muitas tentativas recusadas; confira o e-mail e a conta e aguarde alguns minutos'],
    ['SEATS_FULL', 'Última verificação recusada: todas as vagas de conta desta licença estão em uso; libere uma vaga nesta página'],
    ['DEMO_REFUSED', 'Última verificação recusada: esta licença não aceita conta demo ou de torneio; use o robô em uma conta real'],
    ['TRIAL_DEMO_ONLY', 'Última verificação recusada: licença de teste só funciona em conta demo; use uma conta demo ou compre a licença'],
    ['BROKER_NOT_ALLOWED', 'Última verificação recusada: a corretora desta conta não é autorizada para este robô; use uma conta de corretora aceita'],
    ['VERSION_WITHDRAWN', 'Última verificação recusada: esta versão do robô foi retirada pelo vendedor; baixe a versão nova nesta página'],
    ['RATE_LIMITED', 'Última verificação adiada: muitas verificações seguidas; o robô tenta de novo sozinho'],
    ['INVALID_REQUEST', 'Última verificação recusada: o robô enviou dados incompletos; preencha o campo LicenseEmail com o e-mail da compra'],
  ])('%s → "%s"', (code, text) => {
    expect(refusalAdvice(code, sale)).toBe(text)
  })

  it.each([
    ['NOT_RECOGNIZED', 'Última verificação recusada: confirme a conta nesta página e use o robô baixado aqui'],
    ['NOT_FOUND', 'Última verificação recusada: confirme a conta nesta página e use o robô baixado aqui'],
    ['ACCOUNT_MISMATCH', 'Última verificação recusada: rode o robô na conta vinculada a esta licença ou use Trocar Conta'],
    ['THROTTLED', 'Última verificação recusada: muitas tentativas recusadas; confira a conta e aguarde alguns minutos'],
    ['INVALID_REQUEST', 'Última verificação recusada: o robô enviou dados incompletos; baixe o robô de novo nesta página'],
  ])('for a personal build, %s → "%s" (no e-mail)', (code, text) => {
    expect(refusalAdvice(code, personal)).toBe(text)
  })

  it('never asks a personal build’s buyer for an e-mail, whatever the code', () => {
    for (const code of ['NOT_RECOGNIZED', 'NOT_FOUND', 'NOT_CONFIRMED', 'ACCOUNT_MISMATCH', 'EXPIRED', 'THROTTLED', 'INVALID_REQUEST', 'BUILD_REVOKED', 'X']) {
      expect(refusalAdvice(code, personal)).not.toMatch(/e-mail|LicenseEmail/)
    }
  })

  it('names a code it does not know, so the buyer can quote it to the seller', () => {
    expect(refusalAdvice('NEW_RULE', sale)).toBe('Última verificação recusada (código NEW_RULE); se continuar, fale com o vendedor')
  })
})
