import { z } from 'zod'
import type { Origin } from '../api/sales'
import type { Recurrence, SubscriptionItem, SubscriptionRequest, SubscriptionStatus } from '../api/subscriptions'
import { originLabels, recurrenceLabels, subscriptionStatusLabels } from '@/lib/commerce-labels'
import { moneyOrNull, orNull, toDateInput, toDateTimeInput, toMoneyInput } from '@/lib/form-values'
import { moneySchema, REQUIRED, requiredChoice } from '@/lib/form-schemas'

const statuses = Object.keys(subscriptionStatusLabels) as SubscriptionStatus[]
const recurrences = Object.keys(recurrenceLabels) as Recurrence[]
const origins = Object.keys(originLabels) as Origin[]

/** The subscription dialog's rules: tenant, origin, amount, recurrence and status required ('Campo obrigatório'). */
export const subscriptionFormSchema = z.object({
  tenantId: z.string().min(1, REQUIRED),
  clientId: z.string(),
  saleId: z.string(),
  externalId: z.string().trim().max(200, 'ID externo longo demais'),
  origin: requiredChoice(origins),
  amount: moneySchema({ required: true }),
  recurrence: requiredChoice(recurrences),
  status: requiredChoice(statuses),
  lastPaymentDate: z.string(),
  nextBillingDate: z.string(),
  /** Date and time (São Paulo) of the last charge attempt. */
  lastChargeAttempt: z.string(),
  cancellationDate: z.string(),
})

export type SubscriptionFormValues = z.infer<typeof subscriptionFormSchema>

export function subscriptionFormDefaults(subscription: SubscriptionItem | null): SubscriptionFormValues {
  return {
    tenantId: subscription?.tenantId ?? '',
    clientId: subscription?.clientId ?? '',
    saleId: subscription?.saleId ?? '',
    externalId: subscription?.externalId ?? '',
    origin: subscription?.origin ?? 'manual',
    amount: toMoneyInput(subscription?.amount),
    recurrence: subscription?.recurrence ?? 'monthly',
    status: subscription?.status ?? 'active',
    lastPaymentDate: toDateInput(subscription?.lastPaymentDate),
    nextBillingDate: toDateInput(subscription?.nextBillingDate),
    lastChargeAttempt: toDateTimeInput(subscription?.lastChargeAttempt),
    cancellationDate: toDateInput(subscription?.cancellationDate),
  }
}

/** The request body: every Subscription field, empty optional ones as null. */
export function subscriptionPayload(values: SubscriptionFormValues): SubscriptionRequest {
  return {
    tenantId: values.tenantId,
    clientId: orNull(values.clientId),
    saleId: orNull(values.saleId),
    externalId: orNull(values.externalId),
    origin: values.origin,
    amount: moneyOrNull(values.amount),
    recurrence: values.recurrence,
    status: values.status,
    lastPaymentDate: orNull(values.lastPaymentDate),
    nextBillingDate: orNull(values.nextBillingDate),
    // '' clears it; the server keeps it when the field is absent or null (Hotmart's webhooks write it).
    lastChargeAttempt: values.lastChargeAttempt.trim(),
    cancellationDate: orNull(values.cancellationDate),
  }
}
