import { z } from 'zod'
import type { PoolItem, PoolRequest } from './api/compile-pools'

const NAME_MAX = 100

/**
 * The pool dialog's rules, with the server's messages (compile_pools.rs). The default pool serves every tenant
 * not listed elsewhere, so it has no tenants to choose; any other pool needs at least one.
 */
export function poolFormSchema(servesAllTenants: boolean) {
  return z.object({
    name: z.string().trim().min(1, 'Nome é obrigatório').max(NAME_MAX, 'Nome deve ter no máximo 100 caracteres'),
    tenantIds: servesAllTenants ? z.array(z.string()) : z.array(z.string()).min(1, 'Escolha pelo menos um tenant'),
  })
}

export type PoolFormValues = z.infer<ReturnType<typeof poolFormSchema>>

export function poolFormDefaults(pool: PoolItem | null): PoolFormValues {
  return { name: pool?.name ?? '', tenantIds: pool?.tenants.map((tenant) => tenant.id) ?? [] }
}

/**
 * The request body. The default pool sends no tenants (null: left as they are; the server refuses a list for it).
 */
export function poolPayload(values: PoolFormValues, servesAllTenants: boolean): PoolRequest {
  return { name: values.name, tenantIds: servesAllTenants ? null : values.tenantIds }
}
