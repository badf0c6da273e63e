import { z } from 'zod'
import type { LicenseItem, LicenseRequest, LicenseStatus } from '../api/licenses'
import { licenseStatusLabels } from '@/lib/commerce-labels'
import { orNull, toDateInput } from '@/lib/form-values'

const licenseStatuses = Object.keys(licenseStatusLabels) as LicenseStatus[]

/** The license dialog's rules, with the server's messages. */
export const licenseFormSchema = z
  .object({
    tenantId: z.string().min(1, 'Selecione um tenant'),
    clientId: z.string().min(1, 'Selecione um cliente'),
    robotId: z.string().min(1, 'Selecione um robô'),
    saleId: z.string(),
    activationDate: z.string(),
    expirationDate: z.string(),
    status: z.enum(licenseStatuses, { error: 'Campo obrigatório' }),
    accountNumber: z
      .string()
      .trim()
      .max(20, 'Conta MT deve ter no máximo 20 dígitos')
      .regex(/^\d*$/, 'Conta MT deve conter apenas números'),
  })
  .refine((values) => !values.activationDate || !values.expirationDate || values.expirationDate >= values.activationDate, {
    path: ['expirationDate'],
    message: 'A expiração deve ser depois da ativação',
  })

export type LicenseFormValues = z.infer<typeof licenseFormSchema>

export function licenseFormDefaults(license: LicenseItem | null): LicenseFormValues {
  return {
    tenantId: license?.tenantId ?? '',
    clientId: license?.clientId ?? '',
    robotId: license?.robotId ?? '',
    saleId: license?.saleId ?? '',
    activationDate: toDateInput(license?.activationDate),
    expirationDate: toDateInput(license?.expirationDate),
    status: license?.status ?? 'active',
    accountNumber: license?.accountNumber ?? '',
  }
}

/** The request body: every field, the empty optional ones (sale, dates, account) as null. */
export function licensePayload(values: LicenseFormValues): LicenseRequest {
  return {
    tenantId: values.tenantId,
    clientId: values.clientId,
    robotId: values.robotId,
    saleId: orNull(values.saleId),
    activationDate: orNull(values.activationDate),
    expirationDate: orNull(values.expirationDate),
    status: values.status,
    accountNumber: orNull(values.accountNumber),
  }
}
