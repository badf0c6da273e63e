import type { StatusTone } from '@/components/data'
import type { LicenseStatus } from './api/licenses'

// Subscription statuses and recurrences read as in the other portals; they are reused from there.
export { labelOf } from '@/lib/labels'
export { recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'

/** How the client sees a license's status (a trial is "Teste", as the tenant owner calls it). */
export const licenseStatusLabels: Record<LicenseStatus, string> = {
  active: 'Ativa',
  expired: 'Expirada',
  cancelled: 'Cancelada',
  trial: 'Teste',
}

export const licenseStatusTones: Record<LicenseStatus, StatusTone> = {
  active: 'success',
  trial: 'warning',
  expired: 'secondary',
  cancelled: 'destructive',
}

/** What a license card shows for an unbound account, an open-ended license, a robot without a released version. */
export const NO_ACCOUNT = 'Não vinculada'
export const NO_EXPIRATION = 'Sem expiração'
export const NO_VERSION = 'Sem versão disponível'
