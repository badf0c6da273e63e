import type { ClientStatus } from './api/clients'
import type { LicenseStatus } from './api/licenses'
import type { Origin, PaymentMethod, SaleStatus } from './api/sales'
import type { Recurrence, SubscriptionStatus } from './api/subscriptions'

/** How a status badge looks: green for the good state, amber for waiting, red for the end states. */
import type { StatusTone } from '@/components/data'
export type { StatusTone }

export interface Choice<Value extends string> {
  value: Value
  label: string
}

function choices<Value extends string>(labels: Record<Value, string>): Choice<Value>[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }))
}

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

export const originLabels: Record<Origin, string> = { hotmart: 'Hotmart', manual: 'Manual' }
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

/** A status filter: its label, or the value itself when the server sent one this screen does not know. */
export function labelOf<Value extends string>(labels: Record<Value, string>, value: Value): string {
  return labels[value] ?? value
}
