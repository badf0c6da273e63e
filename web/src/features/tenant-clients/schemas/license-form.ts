import { z } from 'zod'
import { orNull } from '@/features/admin-commerce/form-values'
import type { LicenseCreateBody, LicenseStatus, LicenseUpdateBody, OwnerLicenseItem } from '../api/licenses'
import { licenseStatusLabels } from '../labels'
import { accountNumberSchema } from './account-number'

const licenseStatuses = Object.keys(licenseStatusLabels) as LicenseStatus[]

/** The license dialog's rules, with the server's messages. The robot is chosen on create only: it is fixed afterwards. */
export function licenseFormSchema(mode: 'create' | 'edit') {
  return z.object({
    clientId: z.string().min(1, 'Cliente é obrigatório'),
    robotId: z.string().refine((value) => mode === 'edit' || value !== '', 'Robô é obrigatório'),
    status: z.enum(licenseStatuses, { error: 'Status é obrigatório' }),
    accountNumber: accountNumberSchema,
  })
}

export type LicenseFormValues = z.infer<ReturnType<typeof licenseFormSchema>>

export function licenseFormDefaults(license: OwnerLicenseItem | null): LicenseFormValues {
  return {
    clientId: license?.clientId ?? '',
    robotId: license?.robotId ?? '',
    // New licenses are active; the server sets that itself.
    status: license?.status ?? 'active',
    accountNumber: license?.accountNumber ?? '',
  }
}

/** A new license: client, robot, and the account or null. */
export function licenseCreatePayload(values: LicenseFormValues): LicenseCreateBody {
  return { clientId: values.clientId, robotId: values.robotId, accountNumber: orNull(values.accountNumber) }
}

/** An edit: client, status, and the account or null (which unbinds it). */
export function licenseUpdatePayload(values: LicenseFormValues): LicenseUpdateBody {
  return { clientId: values.clientId, status: values.status, accountNumber: orNull(values.accountNumber) }
}
