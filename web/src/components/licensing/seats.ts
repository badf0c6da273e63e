/**
 * Seats (decision 0023), as owners and buyers both read them: an account is a login on a broker's trade server,
 * with its trade mode; the robot's policy (and the license's override) says how many live seats a license has and
 * what demo and contest accounts do. Shared by the owner's and the buyer's screens.
 */

export type SeatKind = 'real' | 'demo' | 'contest' | 'unknown'
export type AccountRule = 'free' | 'counted' | 'refused'

export const seatKindLabels: Record<SeatKind, string> = {
  real: 'Real',
  demo: 'Demo',
  contest: 'Torneio',
  unknown: 'Desconhecido',
}

/** What a demo or contest account does to the license's seats, as the owner chooses it. */
export const accountRuleLabels: Record<AccountRule, string> = {
  free: 'Livres (não contam vaga)',
  counted: 'Contam como vaga',
  refused: 'Recusadas',
}

export function seatKindLabel(kind: string): string {
  return seatKindLabels[kind as SeatKind] ?? kind
}

export interface SeatAccount {
  login: string
  server?: string | null
}

/** "51234567 @ XPMT5-REAL", or the login alone while its server is unknown (bound before servers were known). */
export function seatAccount(seat: SeatAccount): string {
  return seat.server ? `${seat.login} @ ${seat.server}` : seat.login
}

/** "1 de 2 vagas reais em uso". */
export function seatUsage(used: number, total: number): string {
  return `${used} de ${total} ${total === 1 ? 'vaga real' : 'vagas reais'} em uso`
}
