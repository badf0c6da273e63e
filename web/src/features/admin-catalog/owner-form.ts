import { z } from 'zod'
import { fieldSchema } from '@/lib/field-rules'
import type { OwnerItem, OwnerPayload, OwnerRole } from './api/tenant-owners'

export const ownerRoleLabels: Record<OwnerRole, string> = {
  admin: 'Admin',
  support: 'Suporte',
  financial: 'Financeiro',
}

export const ownerRoles = Object.keys(ownerRoleLabels) as OwnerRole[]

const PASSWORD_TOO_SHORT = 'Senha deve ter no mínimo 6 caracteres'

/** The owner dialog's rules, with the server's messages. On edit a blank password keeps the current one. */
export function ownerFormSchema(mode: 'create' | 'edit') {
  return z.object({
    tenantId: z.string().min(1, 'Selecione um tenant'),
    name: fieldSchema('personName'),
    email: fieldSchema('email'),
    phone: z.string().trim().max(40, 'Telefone deve ter no máximo 40 caracteres'),
    password: z
      .string()
      .max(256, 'Senha deve ter no máximo 256 caracteres')
      .refine((value) => mode === 'edit' || value !== '', 'Senha é obrigatória')
      .refine((value) => value === '' || value.length >= 6, PASSWORD_TOO_SHORT),
    role: z.enum(ownerRoles, { error: 'Selecione a função' }),
    isActive: z.enum(['true', 'false']),
  })
}

export type OwnerFormValues = z.infer<ReturnType<typeof ownerFormSchema>>

export function ownerFormDefaults(owner: OwnerItem | null): OwnerFormValues {
  return {
    tenantId: owner?.tenantId ?? '',
    name: owner?.name ?? '',
    email: owner?.email ?? '',
    phone: owner?.phone ?? '',
    password: '',
    role: owner?.role ?? 'admin',
    isActive: owner && !owner.isActive ? 'false' : 'true',
  }
}

/** The request body; a blank password is left out, so an edit keeps the current one. */
export function ownerPayload(values: OwnerFormValues): OwnerPayload {
  return {
    tenantId: values.tenantId,
    name: values.name,
    email: values.email,
    phone: values.phone,
    ...(values.password ? { password: values.password } : {}),
    role: values.role,
    isActive: values.isActive === 'true',
  }
}
