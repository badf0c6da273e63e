import { z } from 'zod'
import { format, isValid, parseISO } from 'date-fns'
import { orNull } from '@/lib/form-values'
import type { LicenseCreateBody, LicenseStatus, LicenseUpdateBody, OwnerLicenseItem } from '../api/licenses'
import { licenseStatusLabels } from '../labels'
import { accountNumberSchema } from './account-number'

const licenseStatuses = Object.keys(licenseStatusLabels) as LicenseStatus[]

/** A new license is active or a trial; an edit may set any status. */
export const newLicenseStatuses = ['active', 'trial'] as const satisfies readonly LicenseStatus[]

/** The license dialog's rules, with the server's messages. The robot is chosen on create only: it is fixed afterwards. */
export function licenseFormSchema(mode: 'create' | 'edit') {
  return z.object({
    clientId: z.string().min(1, 'Cliente é obrigatório'),
    robotId: z.string().refine((value) => mode === 'edit' || value !== '', 'Robô é obrigatório'),
    status: z
      .enum(licenseStatuses, { error: 'Status é obrigatório' })
      .refine((value) => mode === 'edit' || (newLicenseStatuses as readonly string[]).includes(value), 'Uma nova licença deve ser ativa ou de teste'),
    accountNumber: accountNumberSchema,
    /** `YYYY-MM-DD` (the license runs through that day) or '' for none. */
    expirationDate: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Data inválida'),
  })
}

export type LicenseFormValues = z.infer<ReturnType<typeof licenseFormSchema>>

/** An instant as the date input holds it: its calendar day here ('' for none). */
export function dateInputOf(value: string | null | undefined): string {
  if (!value) return ''
  const date = parseISO(value)
  return isValid(date) ? format(date, 'yyyy-MM-dd') : ''
}

export function licenseFormDefaults(license: OwnerLicenseItem | null): LicenseFormValues {
  return {
    clientId: license?.clientId ?? '',
    robotId: license?.robotId ?? '',
    status: license?.status ?? 'active',
    accountNumber: license?.accountNumber ?? '',
    expirationDate: dateInputOf(license?.expirationDate),
  }
}

/** A new license: client, robot, the account or null, its status and its end day or null. */
export function licenseCreatePayload(values: LicenseFormValues): LicenseCreateBody {
  return {
    clientId: values.clientId,
    robotId: values.robotId,
    accountNumber: orNull(values.accountNumber),
    status: values.status,
    expirationDate: orNull(values.expirationDate),
  }
}

/**
 * An edit: client, status, and the account or null (which unbinds it). The end date goes only when the owner changed
 * it (null clears it), so opening and saving never moves a date the server set to the minute.
 */
export function licenseUpdatePayload(values: LicenseFormValues, { endChanged = false }: { endChanged?: boolean } = {}): LicenseUpdateBody {
  return {
    clientId: values.clientId,
    status: values.status,
    accountNumber: orNull(values.accountNumber),
    ...(endChanged ? { expirationDate: orNull(values.expirationDate) } : {}),
  }
}
