import { z } from 'zod'

export const QUOTA_MIN = 0
export const QUOTA_MAX = 10_000
const QUOTA_MESSAGE = 'Informe uma cota entre 0 e 10000'

/** The quota dialog's rule, with the server's message: a whole number from 0 to 10000. */
export const quotaFormSchema = z.object({
  monthlyQuota: z
    .string()
    .trim()
    .regex(/^\d+$/, QUOTA_MESSAGE)
    .refine((value) => Number(value) >= QUOTA_MIN && Number(value) <= QUOTA_MAX, QUOTA_MESSAGE),
})

export type QuotaFormValues = z.infer<typeof quotaFormSchema>

export const quotaFormValues = (monthlyQuota: number): QuotaFormValues => ({ monthlyQuota: String(monthlyQuota) })

export const quotaOf = (values: QuotaFormValues): number => Number(values.monthlyQuota)
