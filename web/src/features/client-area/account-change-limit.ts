import type { ClientLicenseItem } from './api/licenses'

/** The seller's limits on account changes, as each license card carries them. */
export type AccountChangeLimit = NonNullable<ClientLicenseItem['accountChangeLimit']>

/** The seller's limits in words: "3 trocas a cada 30 dias, com pelo menos 24 h entre duas". */
export function limitText(limit: AccountChangeLimit): string {
  if (limit.changesPerPeriod === 0) return 'o vendedor não permite trocas pelo portal; fale com o suporte'
  const changes = limit.changesPerPeriod === 1 ? '1 troca' : `${limit.changesPerPeriod} trocas`
  const cooldown = limit.cooldownHours > 0 ? `, com pelo menos ${limit.cooldownHours} h entre duas` : ''
  return `${changes} a cada ${limit.periodDays} dias${cooldown}`
}

/** What freeing one of the buyer's accounts means: it stops that robot and counts as an account change. */
export function freeSeatConsequence(limit: AccountChangeLimit | null | undefined): string {
  const rule = limit
    ? `Liberar uma conta conta como troca de conta no limite do vendedor: ${limitText(limit)}.`
    : 'Liberar uma conta conta como troca de conta no limite do vendedor.'
  return `O robô nessa conta para na próxima verificação e a vaga fica livre para outra conta. ${rule}`
}
