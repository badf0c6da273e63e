import { describe, expect, it } from 'vitest'
import { clientFormSchema, clientPayload } from './client-form'
import { licenseCreatePayload, licenseFormSchema, licenseUpdatePayload } from './license-form'
import { switchAccountSchema } from './switch-account-form'

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]))

describe('tenant client and license forms', () => {
  it('requires a password of 6 characters to create a client, and lets an edit leave it blank', () => {
    const values = { name: 'Maria', email: 'maria@exemplo.com', phone: '', password: '', status: 'active' as const }
    expect(firstMessages(clientFormSchema('create').safeParse(values))).toEqual({ password: 'Senha deve ter no mínimo 6 caracteres' })
    expect(clientFormSchema('edit').safeParse(values).success).toBe(true)
    expect(firstMessages(clientFormSchema('edit').safeParse({ ...values, password: '12345' }))).toEqual({ password: 'Senha deve ter no mínimo 6 caracteres' })
  })

  it('leaves a blank password out and sends a blank phone as typed, so an edit can erase it', () => {
    expect(clientPayload({ name: 'Maria', email: 'maria@exemplo.com', phone: '', password: '  ', status: 'inactive' })).toEqual({
      name: 'Maria',
      email: 'maria@exemplo.com',
      phone: '',
      status: 'inactive',
    })
  })

  it('asks for the robot on create only and sends each mode its own fields', () => {
    const values = { clientId: 'c1', robotId: '', status: 'trial' as const, accountNumber: ' ' }
    expect(firstMessages(licenseFormSchema('create').safeParse(values))).toEqual({ robotId: 'Robô é obrigatório' })
    expect(licenseFormSchema('edit').safeParse(values).success).toBe(true)
    expect(licenseCreatePayload({ ...values, robotId: 'r1' })).toEqual({ clientId: 'c1', robotId: 'r1', accountNumber: null })
    expect(licenseUpdatePayload({ ...values, accountNumber: '123' })).toEqual({ clientId: 'c1', status: 'trial', accountNumber: '123' })
  })

  it('requires a switched account made of digits', () => {
    expect(firstMessages(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: '' }))).toEqual({ accountNumber: 'Número da conta obrigatório' })
    expect(firstMessages(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: '12a' }))).toEqual({ accountNumber: 'Conta MT deve conter apenas números' })
    expect(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: ' 123 ' }).data?.accountNumber).toBe('123')
  })
})
