import { z } from 'zod'
import { EMAIL_PATTERN } from '@/lib/field-check'
import type { StatusTone } from '@/components/data'
import type { TenantItem, TenantRequest, TenantStatus } from './api/tenants'

export const tenantStatusLabels: Record<TenantStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  suspended: 'Suspenso',
}

export const tenantStatuses = Object.keys(tenantStatusLabels) as TenantStatus[]

export const tenantStatusTones: Record<TenantStatus, StatusTone> = {
  active: 'success',
  inactive: 'secondary',
  suspended: 'warning',
}

/** How many characters of the security key the tenants list shows (and its copy button copies: exactly what it shows). */
export const SECRET_PREFIX_SHOWN = 12

/** The key as the list shows it: its first 12 characters and an ellipsis ('—' when there is none). */
export function secretPreview(prefix: string | null | undefined): string {
  return prefix ? `${shownSecretStart(prefix)}…` : '—'
}

/** The start of the key the list shows, without the ellipsis: what its copy button copies. */
export function shownSecretStart(prefix: string): string {
  return prefix.slice(0, SECRET_PREFIX_SHOWN)
}

export const SECRET_HASH_MIN_LENGTH = 16
const SECRET_HASH_MAX_LENGTH = 128
const SECRET_HASH_TOO_SHORT = 'Secret hash deve ter pelo menos 16 caracteres'

/** A new security key: 32 random bytes as 64 hex characters. */
export function generateSecretHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The tenant dialog's rules, the server's own (same messages). On edit a blank security key or
 * hottok keeps the stored one: only their hashes are kept, so the dialog cannot show them. On create the first
 * owner ("Responsável") is required: they are invited by e-mail and create their own password.
 */
export function tenantFormSchema(mode: 'create' | 'edit') {
  const secretHash = z
    .string()
    .trim()
    .max(SECRET_HASH_MAX_LENGTH, 'Secret hash deve ter no máximo 128 caracteres')
    .refine((value) => (mode === 'edit' && value === '') || value.length >= SECRET_HASH_MIN_LENGTH, SECRET_HASH_TOO_SHORT)
  return z.object({
    name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome deve ter no máximo 200 caracteres'),
    url: z
      .string()
      .trim()
      .min(1, 'URL é obrigatória')
      .max(253, 'URL inválida')
      .refine((value) => value === '' || (value.includes('.') && !/\s/.test(value)), 'URL inválida'),
    logoUrl: z.string().trim().max(2000, 'URL do logo longa demais'),
    secretHash,
    hotmartWebhookSecret: z.string().trim().max(200, 'Hotmart webhook secret deve ter no máximo 200 caracteres'),
    status: z.enum(tenantStatuses, { error: 'Status é obrigatório' }),
    ownerName: z
      .string()
      .trim()
      .max(100, 'Nome deve ter no máximo 100 caracteres')
      .refine((value) => mode === 'edit' || value !== '', 'Nome do responsável é obrigatório'),
    ownerEmail: z
      .string()
      .trim()
      .max(254, 'E-mail do responsável inválido')
      .refine((value) => mode === 'edit' || value !== '', 'E-mail do responsável é obrigatório')
      .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'E-mail do responsável inválido'),
  })
}

export type TenantFormValues = z.infer<ReturnType<typeof tenantFormSchema>>

export function tenantFormDefaults(tenant: TenantItem | null): TenantFormValues {
  return {
    name: tenant?.name ?? '',
    url: tenant?.url ?? '',
    logoUrl: tenant?.logoUrl ?? '',
    // A new tenant starts with a key ready to copy; an existing one keeps its key unless one is typed.
    secretHash: tenant ? '' : generateSecretHash(),
    hotmartWebhookSecret: '',
    status: tenant?.status ?? 'active',
    ownerName: '',
    ownerEmail: '',
  }
}

/**
 * The request body. Blank key and hottok go as null ("keep the current one" on edit, "none" on create);
 * the logo goes as typed, so clearing it on edit removes it. The owner goes on create only (null on edit: later
 * owners are invited from the tenant's own team screen).
 */
export function tenantPayload(values: TenantFormValues): TenantRequest {
  return {
    name: values.name,
    url: values.url,
    logoUrl: values.logoUrl,
    secretHash: values.secretHash || null,
    hotmartWebhookSecret: values.hotmartWebhookSecret || null,
    status: values.status,
    ownerName: values.ownerName || null,
    ownerEmail: values.ownerEmail || null,
  }
}
