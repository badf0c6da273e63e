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

export const TESTER_MINUTES_MIN = 0
export const TESTER_MINUTES_MAX = 100_000
const TESTER_MINUTES_MESSAGE = 'Informe os minutos de teste por mês, entre 0 e 100000'

/** The tester-minutes dialog's rule: a whole number of minutes from 0 to 100000. */
export const testerQuotaFormSchema = z.object({
  monthlyMinutes: z
    .string()
    .trim()
    .regex(/^\d+$/, TESTER_MINUTES_MESSAGE)
    .refine((value) => Number(value) >= TESTER_MINUTES_MIN && Number(value) <= TESTER_MINUTES_MAX, TESTER_MINUTES_MESSAGE),
})

export type TesterQuotaFormValues = z.infer<typeof testerQuotaFormSchema>
