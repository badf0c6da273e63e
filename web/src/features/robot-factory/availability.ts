import type { FactoryStatus } from './api/types'

/** Why the factory cannot generate right now (nothing to say while the status is unknown: the server still has the last word). */
export interface FactoryBlock {
  reason: 'not-configured' | 'quota'
  title: string
  description: string
}

export const NOT_CONFIGURED_MESSAGE = 'A Fábrica de Robôs ainda não está disponível: nenhum modelo de IA foi configurado pela plataforma.'
export const QUOTA_REACHED_MESSAGE = 'Limite mensal de gerações atingido'

export function factoryBlock(status: FactoryStatus | undefined): FactoryBlock | null {
  if (!status) return null
  if (!status.configured) return { reason: 'not-configured', title: 'Fábrica indisponível', description: NOT_CONFIGURED_MESSAGE }
  if (status.remainingThisMonth <= 0)
    return {
      reason: 'quota',
      title: QUOTA_REACHED_MESSAGE,
      description: `As ${status.monthlyQuota} gerações deste mês já foram usadas. Novos robôs e ajustes voltam a ficar disponíveis no próximo mês.`,
    }
  return null
}

/** "3 de 10 gerações usadas este mês". */
export function quotaLine(status: Pick<FactoryStatus, 'usedThisMonth' | 'monthlyQuota'>): string {
  return `${status.usedThisMonth} de ${status.monthlyQuota} gerações usadas este mês`
}
