import { describe, expect, it } from 'vitest'
import { fallbackFileName } from './api/licenses'
import { accountNumberFormSchema, digitsOnly } from './schemas/account-number'
import { webUrl } from './safe-url'

describe('client-area helpers', () => {
  it('names a download after the robot when the server gives no name', () => {
    expect(fallbackFileName({ robotName: 'Robô Alpha' })).toBe('Robô Alpha.ex5')
    expect(fallbackFileName({ robotName: 'A/B: "C"' })).toBe('A_B_ _C_.ex5')
    expect(fallbackFileName({ robotName: null })).toBe('robo.ex5')
  })

  it('keeps only the digits of an account number, and requires one', () => {
    expect(digitsOnly('12 345-6a')).toBe('123456')
    expect(accountNumberFormSchema.safeParse({ accountNumber: '' }).error?.issues[0]?.message).toBe('Número da conta é obrigatório')
    expect(accountNumberFormSchema.safeParse({ accountNumber: '1'.repeat(21) }).success).toBe(false)
    expect(accountNumberFormSchema.parse({ accountNumber: ' 42 ' })).toEqual({ accountNumber: '42' })
  })

  it('accepts only web addresses as the training link', () => {
    expect(webUrl(' https://ensino.loja.com/a ')).toBe('https://ensino.loja.com/a')
    expect(webUrl('http://x.com')).toBe('http://x.com/')
    expect(webUrl('javascript:alert(1)')).toBeNull()
    expect(webUrl('ensino.loja.com')).toBeNull()
    expect(webUrl(null)).toBeNull()
  })
})
