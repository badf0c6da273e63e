import { describe, expect, it } from 'vitest'
import { poolFormDefaults, poolFormSchema, poolPayload } from './pool-form'
import { defaultPool, dedicatedPool } from './test-support'

describe('pool form', () => {
  it('starts empty for a new pool and from the pool when editing', () => {
    expect(poolFormDefaults(null)).toEqual({ name: '', tenantIds: [] })
    expect(poolFormDefaults(dedicatedPool)).toEqual({ name: 'Clientes VIP', tenantIds: dedicatedPool.tenants.map((tenant) => tenant.id) })
  })

  it('requires a name of at most 100 characters, trimmed', () => {
    const schema = poolFormSchema(false)
    expect(schema.safeParse({ name: '  ', tenantIds: ['a'] }).error?.issues[0]?.message).toBe('Nome é obrigatório')
    expect(schema.safeParse({ name: 'x'.repeat(101), tenantIds: ['a'] }).error?.issues[0]?.message).toBe('Nome deve ter no máximo 100 caracteres')
    expect(schema.parse({ name: '  VIP  ', tenantIds: ['a'] }).name).toBe('VIP')
  })

  it('requires a tenant, except for the default pool', () => {
    expect(poolFormSchema(false).safeParse({ name: 'VIP', tenantIds: [] }).error?.issues[0]?.message).toBe('Escolha pelo menos um tenant')
    expect(poolFormSchema(true).safeParse({ name: 'Padrão', tenantIds: [] }).success).toBe(true)
  })

  it('sends no tenants for the default pool', () => {
    expect(poolPayload({ name: 'Geral', tenantIds: [] }, defaultPool.servesAllTenants)).toEqual({ name: 'Geral', tenantIds: null })
    expect(poolPayload({ name: 'VIP', tenantIds: ['a', 'b'] }, false)).toEqual({ name: 'VIP', tenantIds: ['a', 'b'] })
  })
})
