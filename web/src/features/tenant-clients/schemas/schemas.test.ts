import { describe, expect, it } from 'vitest'
import { clientFormSchema, clientPayload } from './client-form'
import { licenseCreatePayload, licenseFormSchema, licenseUpdatePayload } from './license-form'
import { switchAccountSchema } from './switch-account-form'
import { expiryText } from '../labels'

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
    const values = { clientId: 'c1', robotId: '', status: 'trial' as const, accountNumber: ' ', expirationDate: '' }
    expect(firstMessages(licenseFormSchema('create').safeParse(values))).toEqual({ robotId: 'Robô é obrigatório' })
    expect(licenseFormSchema('edit').safeParse(values).success).toBe(true)
    expect(licenseCreatePayload({ ...values, robotId: 'r1' })).toEqual({
      clientId: 'c1',
      robotId: 'r1',
      accountNumber: null,
      status: 'trial',
      expirationDate: null,
    })
    expect(licenseUpdatePayload({ ...values, accountNumber: '123' })).toEqual({ clientId: 'c1', status: 'trial', accountNumber: '123' })
  })

  it('sends an end day on create, and on edit only when it changed (blank clears it)', () => {
    const values = { clientId: 'c1', robotId: 'r1', status: 'active' as const, accountNumber: '', expirationDate: '2026-12-31' }
    expect(licenseCreatePayload(values).expirationDate).toBe('2026-12-31')
    expect(licenseUpdatePayload(values)).not.toHaveProperty('expirationDate')
    expect(licenseUpdatePayload(values, { endChanged: true }).expirationDate).toBe('2026-12-31')
    expect(licenseUpdatePayload({ ...values, expirationDate: '' }, { endChanged: true }).expirationDate).toBeNull()
    expect(firstMessages(licenseFormSchema('create').safeParse({ ...values, status: 'expired' }))).toEqual({
      status: 'Uma nova licença deve ser ativa ou de teste',
    })
    expect(licenseFormSchema('edit').safeParse({ ...values, status: 'expired' }).success).toBe(true)
  })

  it('says when a license ends', () => {
    const now = new Date('2026-11-20T12:00:00Z')
    expect(expiryText(null, now)).toBe('Não expira')
    expect(expiryText('2026-12-31T15:00:00Z', now)).toBe('Expira em 31/12/2026')
    expect(expiryText('2026-11-01T15:00:00Z', now)).toBe('Expirou em 01/11/2026')
  })

  it('requires a switched account made of digits', () => {
    expect(firstMessages(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: '' }))).toEqual({ accountNumber: 'Número da conta obrigatório' })
    expect(firstMessages(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: '12a' }))).toEqual({ accountNumber: 'Conta MT deve conter apenas números' })
    expect(switchAccountSchema.safeParse({ licenseId: 'l1', accountNumber: ' 123 ' }).data?.accountNumber).toBe('123')
  })
})
