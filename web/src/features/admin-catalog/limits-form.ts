import { z } from 'zod'
import type { TenantLimits, TenantLimitsRequest } from './api/tenant-limits'

export const STORAGE_QUOTA_MIN_MB = 1
/** 1 TB: past this a quota is a typing slip (the server's bound). */
export const STORAGE_QUOTA_MAX_MB = 1024 * 1024

/** The server's message (tenant_limits.rs). */
export const STORAGE_QUOTA_MESSAGE = 'Informe um limite entre 1 MB e 1.048.576 MB (1 TB), ou deixe em branco para usar o padrão'

/** The limits dialog's rules: the quota is blank (the platform default) or a whole number of MB from 1 to 1048576. */
export const limitsFormSchema = z.object({
  dllImportsAllowed: z.boolean(),
  storageQuotaMb: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= STORAGE_QUOTA_MIN_MB && Number(value) <= STORAGE_QUOTA_MAX_MB), STORAGE_QUOTA_MESSAGE),
})

export type LimitsFormValues = z.infer<typeof limitsFormSchema>

export function limitsFormValues(limits: TenantLimits): LimitsFormValues {
  return { dllImportsAllowed: limits.dllImportsAllowed, storageQuotaMb: limits.storageQuotaMb === null || limits.storageQuotaMb === undefined ? '' : String(limits.storageQuotaMb) }
}

/** The request body: a blank quota goes as null (the platform default). */
export function limitsPayload(values: LimitsFormValues): TenantLimitsRequest {
  return { dllImportsAllowed: values.dllImportsAllowed, storageQuotaMb: values.storageQuotaMb === '' ? null : Number(values.storageQuotaMb) }
}
