import { timeAgo } from '@/lib/time-ago'
import type { ClientLicenseItem } from './api/licenses'

/** The robot's last license check of a license, as GET /api/client/licenses gives it. */
export type LastCheck = NonNullable<ClientLicenseItem['lastCheck']>

/** Before any check; what the card says until the robot first reaches the server. */
export const NOT_CONNECTED = 'Ainda não conectado'

/** What the buyer has to do, by whether their copy names its license (a personal build asks for no e-mail). */
interface RefusalContext {
  personalBuild: boolean
  /** The account the check came from, when the robot sent one. */
  mtAccount?: string | null
  /** The account this license is bound to in the portal. */
  boundAccount?: string | null
}

const refused = (what: string) => `Última verificação recusada: ${what}`

/**
 * One short pt-BR line for a refused check: what went wrong, in the buyer's words, and what to do about it. The codes
 * are the license check's (`CheckCode` in shared/src/workflows/license_check/code.rs, plus NOT_RECOGNIZED, the one
 * code for "unknown e-mail, bound elsewhere or not confirmed"). A code this screen does not know yet is named, so the
 * buyer can quote it to the seller.
 */
export function refusalAdvice(code: string, { personalBuild, mtAccount, boundAccount }: RefusalContext): string {
  switch (code) {
    case 'NOT_RECOGNIZED':
    case 'NOT_FOUND':
      return personalBuild
        ? refused('confirme a conta nesta página e use o robô baixado aqui')
        : refused('confira o e-mail da compra no robô e confirme a conta nesta página')
    case 'NOT_CONFIRMED':
      return refused('confirme a conta MT5 nesta página')
    case 'ACCOUNT_MISMATCH':
      if (mtAccount && boundAccount && mtAccount !== boundAccount) {
        return refused(`a conta ${mtAccount} não é a vinculada a esta licença; use a conta ${boundAccount} ou Trocar Conta`)
      }
      return personalBuild
        ? refused('rode o robô na conta vinculada a esta licença ou use Trocar Conta')
        : refused('confira o e-mail da compra no robô e se ele roda na conta vinculada a esta licença')
    case 'EXPIRED':
      return refused('a licença expirou; renove a compra ou fale com o vendedor')
    case 'CANCELLED':
      return refused('a licença foi cancelada; fale com o vendedor')
    case 'SUSPENDED':
      return refused('seu cadastro está suspenso; fale com o vendedor')
    case 'TENANT_SUSPENDED':
      return refused('a loja está suspensa; fale com o vendedor')
    case 'ROBOT_INACTIVE':
      return refused('o vendedor desativou este robô; fale com o vendedor')
    case 'DISPUTED':
      return refused('há uma contestação de pagamento em aberto; a licença volta se ela for encerrada a favor do vendedor')
    case 'PAYMENT_OVERDUE':
      return refused('o pagamento da assinatura está atrasado; a licença volta assim que o pagamento for confirmado')
    case 'BUILD_REVOKED':
      return refused('esta cópia do robô foi bloqueada pelo vendedor; fale com o vendedor')
    case 'THROTTLED':
      return personalBuild
        ? refused('muitas tentativas recusadas; confira a conta e aguarde alguns minutos')
        : refused('muitas tentativas recusadas; confira o e-mail e a conta e aguarde alguns minutos')
    case 'SEATS_FULL':
      return refused('todas as vagas de conta desta licença estão em uso; libere uma vaga nesta página')
    case 'DEMO_REFUSED':
      return refused('esta licença não aceita conta demo ou de torneio; use o robô em uma conta real')
    case 'TRIAL_DEMO_ONLY':
      return refused('licença de teste só funciona em conta demo; use uma conta demo ou compre a licença')
    case 'BROKER_NOT_ALLOWED':
      return refused('a corretora desta conta não é autorizada para este robô; use uma conta de corretora aceita')
    case 'VERSION_WITHDRAWN':
      return refused('esta versão do robô foi retirada pelo vendedor; baixe a versão nova nesta página')
    case 'RATE_LIMITED':
      return 'Última verificação adiada: muitas verificações seguidas; o robô tenta de novo sozinho'
    case 'INVALID_REQUEST':
      return personalBuild
        ? refused('o robô enviou dados incompletos; baixe o robô de novo nesta página')
        : refused('o robô enviou dados incompletos; preencha o campo LicenseEmail com o e-mail da compra')
    default:
      return `Última verificação recusada (código ${code}); se continuar, fale com o vendedor`
  }
}

/** What a card knows of its robot's connection (each may be missing from an older server's answer). */
export interface ConnectionFacts {
  lastCheck?: LastCheck | null
  /** The license's copy names its license (decision 0015): no e-mail to type. */
  personalBuild?: boolean
  /** The account the license is bound to here. */
  accountNumber?: string | null
}

export type ConnectionState =
  | { kind: 'never'; text: string }
  | { kind: 'connected'; text: string }
  | { kind: 'refused'; text: string; detail: string }

/**
 * Where the robot's connection stands, from its last check: "Conectado: conta 123 · há 2 min", "Ainda não conectado",
 * or the refusal with what to do and, below it, which account asked and when.
 */
export function connectionState(
  license: ConnectionFacts,
  now: number,
): ConnectionState {
  const check = license.lastCheck
  if (!check) return { kind: 'never', text: NOT_CONNECTED }
  const when = timeAgo(check.at, now)
  const account = check.mtAccount ? `conta ${check.mtAccount}` : null
  if (check.valid) {
    const text = ['Conectado', account && `: ${account}`, when && ` · ${when}`].filter(Boolean).join('')
    return { kind: 'connected', text }
  }
  const text = refusalAdvice(check.code, { personalBuild: license.personalBuild === true, mtAccount: check.mtAccount, boundAccount: license.accountNumber })
  const detail = [check.mtAccount && `Conta ${check.mtAccount}`, when].filter(Boolean).join(' · ')
  return { kind: 'refused', text, detail }
}
