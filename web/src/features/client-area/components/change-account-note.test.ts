import { describe, expect, it } from 'vitest'
import { accountChangeNote } from './change-account-form-dialog'

const limit = { changesPerPeriod: 3, periodDays: 30, cooldownHours: 24 }

describe('accountChangeNote', () => {
  it("states the seller's own limits before the buyer saves", () => {
    expect(accountChangeNote({ accountNumber: '5551234', accountChangeLimit: limit })).toBe(
      'Conta atual: 5551234. Limite do vendedor: 3 trocas a cada 30 dias, com pelo menos 24 h entre duas.',
    )
    expect(accountChangeNote({ accountNumber: null, accountChangeLimit: { changesPerPeriod: 1, periodDays: 90, cooldownHours: 0 } })).toBe(
      'A primeira vinculação é livre; depois, 1 troca a cada 90 dias.',
    )
  })

  it('says plainly when the seller allows no change through the portal', () => {
    expect(accountChangeNote({ accountNumber: '1', accountChangeLimit: { ...limit, changesPerPeriod: 0 } })).toContain(
      'o vendedor não permite trocas pelo portal; fale com o suporte',
    )
  })

  it('without the limits (an older server) says how a refusal will explain itself', () => {
    expect(accountChangeNote({ accountNumber: '1' })).toContain('se a troca for recusada, aparece aqui o limite')
  })
})
