import { z } from 'zod'

export const ACCOUNT_REQUIRED = 'Número da conta é obrigatório'

/** The change-account dialog: a MetaTrader account number as the server accepts it (digits only, at most 20). */
export const accountNumberFormSchema = z.object({
  accountNumber: z
    .string()
    .trim()
    .min(1, ACCOUNT_REQUIRED)
    .max(20, 'Conta MT deve ter no máximo 20 dígitos')
    .regex(/^\d+$/, 'Conta MT deve conter apenas números'),
})

export type AccountNumberValues = z.infer<typeof accountNumberFormSchema>

/** What the input keeps of what is typed or pasted: account numbers are digits only ("12 345-6" → "123456"). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '')
}
