import { describe, expect, it } from 'vitest'
import { clientFormSchema, clientPayload } from './client-form'
import { licenseFormDefaults, licenseFormSchema, licensePayload } from './license-form'
import { saleFormDefaults, saleFormSchema, salePayload } from './sale-form'
import { subscriptionFormDefaults, subscriptionFormSchema } from './subscription-form'

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('client form', () => {
  const values = { tenantId: 't', name: 'Maria', email: 'maria@exemplo.com', phone: '', password: '', status: 'active' as const }

  it('requires a password to create, and keeps the current one on edit when blank (omitted)', () => {
    expect(messages(clientFormSchema('create').safeParse(values))).toEqual({ password: 'Senha é obrigatória' })
    expect(clientFormSchema('edit').safeParse(values).success).toBe(true)
    expect(clientPayload(values)).not.toHaveProperty('password')
    expect(clientPayload({ ...values, password: 'segredo1' })).toHaveProperty('password', 'segredo1')
    expect(messages(clientFormSchema('edit').safeParse({ ...values, password: '123' }))).toEqual({ password: 'Senha deve ter no mínimo 6 caracteres' })
  })
})

describe('license form', () => {
  it('names the missing tenant, client and robot, and refuses an expiration before the activation', () => {
    const empty = licenseFormDefaults(null)
    expect(messages(licenseFormSchema.safeParse(empty))).toEqual({
      tenantId: 'Selecione um tenant',
      clientId: 'Selecione um cliente',
      robotId: 'Selecione um robô',
    })
    const dated = { ...empty, tenantId: 't', clientId: 'c', robotId: 'r', activationDate: '2025-02-01', expirationDate: '2025-01-01' }
    expect(messages(licenseFormSchema.safeParse(dated))).toEqual({ expirationDate: 'A expiração deve ser depois da ativação' })
  })

  it('sends the empty optional fields as null', () => {
    const body = licensePayload({ ...licenseFormDefaults(null), tenantId: 't', clientId: 'c', robotId: 'r' })
    expect(body).toEqual({ tenantId: 't', clientId: 'c', robotId: 'r', saleId: null, activationDate: null, expirationDate: null, status: 'active', accountNumber: null })
  })
})

describe('sale and subscription forms', () => {
  it("mark the required fields 'Campo obrigatório'", () => {
    expect(messages(saleFormSchema.safeParse({ ...saleFormDefaults(null), origin: '', status: '' }))).toEqual({
      tenantId: 'Campo obrigatório',
      origin: 'Campo obrigatório',
      status: 'Campo obrigatório',
    })
    expect(messages(subscriptionFormSchema.safeParse({ ...subscriptionFormDefaults(null), recurrence: '' }))).toEqual({
      tenantId: 'Campo obrigatório',
      amount: 'Campo obrigatório',
      recurrence: 'Campo obrigatório',
    })
  })

  it('refuse amounts with more than two decimals and send the others as strings, empty ones as null', () => {
    const values = { ...saleFormDefaults(null), tenantId: 't', grossAmount: '10.999' }
    expect(messages(saleFormSchema.safeParse(values))).toEqual({ grossAmount: 'Use no máximo 2 casas decimais' })
    const body = salePayload({ ...values, grossAmount: '197.5', originalCurrency: 'usd' })
    expect(body.grossAmount).toBe('197.5')
    expect(body.netAmount).toBeNull()
    expect(body.originalCurrency).toBe('USD')
    expect(body.saleDate).toBeNull()
  })
})
