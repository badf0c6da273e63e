import type { components } from '@/lib/api/schema'
import type { StatusTone } from '@/components/data'
import { choices, labelOf } from './labels'

/*
 * What the commerce screens of every portal (clients, licenses, sales, subscriptions) call the server's codes, and
 * how their status badges look: green for the good state, amber for waiting, red for the end states.
 */

type Schemas = components['schemas']
type ClientStatus = Schemas['ClientStatus']
type LicenseStatus = Schemas['LicenseStatus']
type SaleStatus = Schemas['SaleStatus']
type Origin = Schemas['Origin']
type PaymentMethod = Schemas['PaymentMethod']
type SubscriptionStatus = Schemas['SubscriptionStatus']
type Recurrence = Schemas['Recurrence']

export const clientStatusLabels: Record<ClientStatus, string> = { active: 'Ativo', inactive: 'Inativo', suspended: 'Suspenso' }
export const clientStatusTones: Record<ClientStatus, StatusTone> = { active: 'success', inactive: 'secondary', suspended: 'destructive' }
export const clientStatusChoices = choices(clientStatusLabels)

export const licenseStatusLabels: Record<LicenseStatus, string> = {
  active: 'Ativa',
  expired: 'Expirada',
  cancelled: 'Cancelada',
  trial: 'Trial',
}
export const licenseStatusTones: Record<LicenseStatus, StatusTone> = {
  active: 'success',
  expired: 'secondary',
  cancelled: 'destructive',
  trial: 'warning',
}
export const licenseStatusChoices = choices(licenseStatusLabels)

export const saleStatusLabels: Record<SaleStatus, string> = { confirmed: 'Confirmada', pending: 'Pendente', refunded: 'Reembolsada' }
export const saleStatusTones: Record<SaleStatus, StatusTone> = { confirmed: 'success', pending: 'warning', refunded: 'destructive' }
export const saleStatusChoices = choices(saleStatusLabels)

export const originLabels: Record<Origin, string> = {
  hotmart: 'Hotmart',
  kiwify: 'Kiwify',
  eduzz: 'Eduzz',
  asaas: 'Asaas',
  manual: 'Manual',
}
export const originChoices = choices(originLabels)

/** How a manual sale was paid. */
export const paymentMethodLabels: Record<PaymentMethod, string> = { pix: 'PIX', transferencia: 'Transferência', outro: 'Outro' }
export const paymentMethodChoices = choices(paymentMethodLabels)

/** "Hotmart", "Manual", or "Manual · PIX" when the way a manual sale was paid is known. */
export function originText(sale: { origin: Origin; paymentMethod?: PaymentMethod | null }): string {
  const origin = labelOf(originLabels, sale.origin)
  return sale.paymentMethod ? `${origin} · ${labelOf(paymentMethodLabels, sale.paymentMethod)}` : origin
}

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Ativa',
  cancelled: 'Cancelada',
  pending: 'Pendente',
  expired: 'Expirada',
}
export const subscriptionStatusTones: Record<SubscriptionStatus, StatusTone> = {
  active: 'success',
  cancelled: 'destructive',
  pending: 'warning',
  expired: 'secondary',
}
export const subscriptionStatusChoices = choices(subscriptionStatusLabels)

export const recurrenceLabels: Record<Recurrence, string> = {
  monthly: 'Mensal',
  quarterly: 'Trimestral',
  semiannual: 'Semestral',
  annual: 'Anual',
}
export const recurrenceChoices = choices(recurrenceLabels)
