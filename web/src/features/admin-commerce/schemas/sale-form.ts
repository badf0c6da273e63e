import { z } from 'zod'
import type { Origin, SaleItem, SaleRequest, SaleStatus } from '../api/sales'
import { originLabels, saleStatusLabels } from '@/lib/commerce-labels'
import { moneyOrNull, orNull, toDateTimeInput, toMoneyInput } from '@/lib/form-values'
import { moneySchema, rateSchema, REQUIRED, requiredChoice } from '@/lib/form-schemas'

const saleStatuses = Object.keys(saleStatusLabels) as SaleStatus[]
const origins = Object.keys(originLabels) as Origin[]

/** The money inputs of the sale dialog, in the order they are shown, with their labels. */
export const saleAmountFields = [
  { name: 'amountPaidByCustomer', label: 'Valor pago pelo cliente' },
  { name: 'grossAmount', label: 'Valor bruto' },
  { name: 'hotmartCommission', label: 'Comissão Hotmart' },
  { name: 'coproducerCommission', label: 'Comissão coprodutor' },
  { name: 'affiliateCommission', label: 'Comissão afiliado' },
  { name: 'otherFees', label: 'Outras taxas' },
  { name: 'netAmount', label: 'Valor líquido' },
] as const

export type SaleAmountField = (typeof saleAmountFields)[number]['name']

/** The sale dialog's rules: tenant, origin and status required ('Campo obrigatório'); the rest optional. */
export const saleFormSchema = z.object({
  tenantId: z.string().min(1, REQUIRED),
  clientId: z.string(),
  externalId: z.string().trim().max(200, 'ID externo longo demais'),
  origin: requiredChoice(origins),
  status: requiredChoice(saleStatuses),
  amountPaidByCustomer: moneySchema(),
  grossAmount: moneySchema(),
  hotmartCommission: moneySchema(),
  coproducerCommission: moneySchema(),
  affiliateCommission: moneySchema(),
  otherFees: moneySchema(),
  netAmount: moneySchema(),
  originalCurrency: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[A-Za-z]{3}$/.test(value), 'Moeda inválida (use o código de 3 letras, ex.: BRL)'),
  exchangeRate: rateSchema(),
  saleDate: z.string(),
  cancellationDate: z.string(),
})

export type SaleFormValues = z.infer<typeof saleFormSchema>

export function saleFormDefaults(sale: SaleItem | null): SaleFormValues {
  return {
    tenantId: sale?.tenantId ?? '',
    clientId: sale?.clientId ?? '',
    externalId: sale?.externalId ?? '',
    origin: sale?.origin ?? 'manual',
    status: sale?.status ?? 'confirmed',
    amountPaidByCustomer: toMoneyInput(sale?.amountPaidByCustomer),
    grossAmount: toMoneyInput(sale?.grossAmount),
    hotmartCommission: toMoneyInput(sale?.hotmartCommission),
    coproducerCommission: toMoneyInput(sale?.coproducerCommission),
    affiliateCommission: toMoneyInput(sale?.affiliateCommission),
    otherFees: toMoneyInput(sale?.otherFees),
    netAmount: toMoneyInput(sale?.netAmount),
    originalCurrency: sale?.originalCurrency ?? 'BRL',
    exchangeRate: sale?.exchangeRate ?? '',
    saleDate: toDateTimeInput(sale?.saleDate),
    cancellationDate: toDateTimeInput(sale?.cancellationDate),
  }
}

/** The request body: every Sale field, amounts as decimal strings with a dot, empty ones as null. */
export function salePayload(values: SaleFormValues): SaleRequest {
  return {
    tenantId: values.tenantId,
    clientId: orNull(values.clientId),
    externalId: orNull(values.externalId),
    origin: values.origin,
    status: values.status,
    amountPaidByCustomer: moneyOrNull(values.amountPaidByCustomer),
    grossAmount: moneyOrNull(values.grossAmount),
    hotmartCommission: moneyOrNull(values.hotmartCommission),
    coproducerCommission: moneyOrNull(values.coproducerCommission),
    affiliateCommission: moneyOrNull(values.affiliateCommission),
    otherFees: moneyOrNull(values.otherFees),
    netAmount: moneyOrNull(values.netAmount),
    originalCurrency: orNull(values.originalCurrency)?.toUpperCase() ?? null,
    exchangeRate: moneyOrNull(values.exchangeRate),
    saleDate: orNull(values.saleDate),
    cancellationDate: orNull(values.cancellationDate),
  }
}
