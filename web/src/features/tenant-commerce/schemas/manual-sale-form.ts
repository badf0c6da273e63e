import { z } from 'zod'
import { fieldSchema } from '@/lib/field-rules'
import { moneySchema } from '@/lib/form-schemas'
import { paymentMethodLabels } from '@/lib/commerce-labels'
import type { components } from '@/lib/api/schema'
import type { ManualSaleRequest } from '../api/manual-sales'

type PaymentMethod = components['schemas']['PaymentMethod']

const paymentMethods = Object.keys(paymentMethodLabels) as PaymentMethod[]

/**
 * Today as the date input holds it (`YYYY-MM-DD`), in São Paulo: the server reads a bare day as a São Paulo day, so
 * a browser whose clock is already on tomorrow (UTC after 21h) must not offer a day the server calls the future.
 */
export function todayInput(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** The "Registrar venda" rules, with the server's pt-BR messages (the server checks the same, and has the last word). */
export function manualSaleFormSchema(today: string = todayInput()) {
  return z.object({
    buyerName: fieldSchema('personName'),
    buyerEmail: fieldSchema('email'),
    buyerPhone: z.string().trim().max(40, 'Telefone deve ter no máximo 40 caracteres'),
    robotId: z.string().min(1, 'Robô é obrigatório'),
    amount: moneySchema()
      .refine((value) => value !== '', 'Valor é obrigatório')
      .refine((value) => value === '' || Number(value.replace(',', '.')) > 0, 'O valor deve ser maior que zero'),
    paymentMethod: z.enum(paymentMethods, { error: 'Forma de pagamento é obrigatória' }),
    saleDate: z
      .string()
      .min(1, 'Data da venda é obrigatória')
      // Dates as `YYYY-MM-DD` compare as text.
      .refine((value) => value === '' || value <= today, 'A data da venda não pode estar no futuro'),
  })
}

export type ManualSaleFormValues = z.infer<ReturnType<typeof manualSaleFormSchema>>

/** A new sale: paid by PIX today, unless the owner says otherwise. */
export function manualSaleFormDefaults(today: string = todayInput()): ManualSaleFormValues {
  return { buyerName: '', buyerEmail: '', buyerPhone: '', robotId: '', amount: '', paymentMethod: 'pix', saleDate: today }
}

/** The request body: what was typed, trimmed; no phone is null. */
export function manualSalePayload(values: ManualSaleFormValues): ManualSaleRequest {
  return {
    buyerName: values.buyerName.trim(),
    buyerEmail: values.buyerEmail.trim(),
    buyerPhone: values.buyerPhone.trim() || null,
    robotId: values.robotId,
    amount: values.amount.trim(),
    paymentMethod: values.paymentMethod,
    saleDate: values.saleDate,
  }
}
