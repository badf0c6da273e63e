import { describe, expect, it } from 'vitest'
import { manualSaleFormDefaults, manualSaleFormSchema, manualSalePayload, todayInput } from './manual-sale-form'

const today = '2026-11-20'
const valid = { ...manualSaleFormDefaults(today), buyerName: 'Carla', buyerEmail: 'carla@example.com', robotId: 'r1', amount: '297,00' }

function messages(values: object) {
  const result = manualSaleFormSchema(today).safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the manual sale form', () => {
  it('starts as a PIX sale of today', () => {
    expect(manualSaleFormDefaults(today)).toMatchObject({ paymentMethod: 'pix', saleDate: today })
    // A São Paulo day: at 01:30 UTC it is still the evening before there.
    expect(todayInput(new Date('2026-01-06T01:30:00Z'))).toBe('2026-01-05')
    expect(todayInput(new Date('2026-01-06T03:30:00Z'))).toBe('2026-01-06')
  })

  it('accepts a complete sale and sends it trimmed, without an empty phone', () => {
    expect(messages(valid)).toEqual({})
    expect(manualSalePayload({ ...valid, buyerName: ' Carla ' })).toEqual({
      buyerName: 'Carla',
      buyerEmail: 'carla@example.com',
      buyerPhone: null,
      robotId: 'r1',
      amount: '297,00',
      paymentMethod: 'pix',
      saleDate: today,
    })
  })

  it('gives the server’s messages', () => {
    expect(messages({ ...valid, buyerName: '', buyerEmail: 'x@', robotId: '', amount: '', saleDate: '' })).toEqual({
      buyerName: 'Nome é obrigatório',
      buyerEmail: 'E-mail inválido',
      robotId: 'Robô é obrigatório',
      amount: 'Valor é obrigatório',
      saleDate: 'Data da venda é obrigatória',
    })
    expect(messages({ ...valid, amount: '0' }).amount).toBe('O valor deve ser maior que zero')
    expect(messages({ ...valid, amount: '1,999' }).amount).toBe('Use no máximo 2 casas decimais')
    expect(messages({ ...valid, saleDate: '2026-11-21' }).saleDate).toBe('A data da venda não pode estar no futuro')
    expect(messages({ ...valid, paymentMethod: '' }).paymentMethod).toBe('Forma de pagamento é obrigatória')
  })
})
