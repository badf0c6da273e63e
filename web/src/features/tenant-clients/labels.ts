import type { StatusTone } from '@/components/data'
import { formatDate } from '@/lib/format'
import type { LicenseStatus } from './api/licenses'

/*
 * Labels the tenant owner's screens do not share with the admin's: the owner calls a trial license "Teste".
 * Client, sale and subscription labels are the admin's (`@/features/admin-commerce/labels`).
 */

export const licenseStatusLabels: Record<LicenseStatus, string> = {
  active: 'Ativa',
  trial: 'Teste',
  expired: 'Expirada',
  cancelled: 'Cancelada',
}

export const licenseStatusTones: Record<LicenseStatus, StatusTone> = {
  active: 'success',
  trial: 'warning',
  expired: 'secondary',
  cancelled: 'destructive',
}

/** In the edit form's order: the statuses an owner may set freely, any to any. */
export const licenseStatusChoices = (Object.entries(licenseStatusLabels) as [LicenseStatus, string][]).map(([value, label]) => ({ value, label }))

/** Why a license is held without ending (the check answers DISPUTED or PAYMENT_OVERDUE). */
export const licenseHoldLabels: Record<'dispute' | 'payment_late', string> = {
  dispute: 'Suspensa: contestação',
  payment_late: 'Suspensa: pagamento atrasado',
}

/** The text shown when a license's client or robot was deleted. */
export const MISSING_CLIENT = 'Cliente não encontrado'
export const MISSING_ROBOT = 'Robô não encontrado'

/** An account that ran a license in the last 30 days without holding one of its seats hints at a shared license. */
export const SHARING_WARNING = 'Possível compartilhamento de licença'

/** Counted by the server: a license sold for two accounts and run on two is not shared; a third account is the hint. */
export function isShared(license: { unseatedInstallations: number }): boolean {
  return license.unseatedInstallations > 0
}

/** A license's end as its lists say it: "Expira em 31/12/2026", "Expirou em 01/11/2026" or "Não expira". */
export function expiryText(expirationDate: string | null | undefined, now: Date = new Date()): string {
  if (!expirationDate) return 'Não expira'
  const ended = new Date(expirationDate).getTime() <= now.getTime()
  return `${ended ? 'Expirou em' : 'Expira em'} ${formatDate(expirationDate)}`
}
