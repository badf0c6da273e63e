import { z } from 'zod'
import { ACCOUNT_REQUIRED, accountNumberSchema } from './account-number'

/** The switch-account dialog: which license (when the client has several) and its new MetaTrader account. */
export const switchAccountSchema = z.object({
  licenseId: z.string().min(1, 'Selecione uma licença'),
  accountNumber: accountNumberSchema.min(1, ACCOUNT_REQUIRED),
})

export type SwitchAccountValues = z.infer<typeof switchAccountSchema>
