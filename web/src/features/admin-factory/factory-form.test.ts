import { describe, expect, it } from 'vitest'
import {
  blockIndexOf,
  factoryFormDefaults,
  factoryFormSchema,
  firstInOrder,
  generateRequest,
  strategyBlocks,
  type FactoryFormValues,
} from './factory-form'

const valid: FactoryFormValues = {
  tenantId: '0190c0de-0000-7000-8000-00000000000a',
  robotName: 'Cruzamento M15',
  parametrosEntrada: 'Lote 0,10; média de 20 períodos',
  gatilhosAbrir: 'Comprar no cruzamento para cima',
  gatilhosFechar: 'Fechar no cruzamento para baixo',
  gestaoRisco: 'Risco de 1% por operação',
  takeProfitStopLoss: 'SL 150 pontos, TP 300 pontos',
  protecaoCapital: 'Parar no dia após perder 3%',
}

const messagesOf = (values: FactoryFormValues) => {
  const result = factoryFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
}

describe('factoryFormSchema', () => {
  it("gives the spec's message for every empty field", () => {
    expect(messagesOf(factoryFormDefaults)).toEqual({
      tenantId: 'Selecione um tenant',
      robotName: 'Nome deve ter pelo menos 3 caracteres',
      parametrosEntrada: 'Descreva os parâmetros de entrada',
      gatilhosAbrir: 'Descreva os gatilhos para abrir ordens',
      gatilhosFechar: 'Descreva os gatilhos para fechar posições',
      gestaoRisco: 'Descreva a gestão de risco',
      takeProfitStopLoss: 'Descreva Take Profit e Stop Loss',
      protecaoCapital: 'Descreva limites para proteção do capital',
    })
  })

  it('counts characters after trimming: a name of 3 and blocks of 10 pass, one less does not', () => {
    expect(messagesOf(valid)).toEqual({})
    expect(messagesOf({ ...valid, robotName: '  ab  ' })).toEqual({ robotName: 'Nome deve ter pelo menos 3 caracteres' })
    expect(messagesOf({ ...valid, robotName: 'abc' })).toEqual({})
    expect(messagesOf({ ...valid, gestaoRisco: '   123456789   ' })).toEqual({ gestaoRisco: 'Descreva a gestão de risco' })
    expect(messagesOf({ ...valid, gestaoRisco: '1234567890' })).toEqual({})
  })

  it('caps the name at 100 characters and each block at 4000', () => {
    expect(messagesOf({ ...valid, robotName: 'x'.repeat(101) })).toEqual({ robotName: 'O nome pode ter no máximo 100 caracteres' })
    expect(messagesOf({ ...valid, protecaoCapital: 'x'.repeat(4001) })).toEqual({ protecaoCapital: 'Cada bloco pode ter no máximo 4000 caracteres' })
  })

  it('sends the trimmed texts', () => {
    const parsed = factoryFormSchema.parse({ ...valid, robotName: '  Cruzamento M15 ' })
    expect(generateRequest(parsed)).toEqual(valid)
  })
})

describe('the tab order', () => {
  it('has the six blocks as tabs 1 to 6', () => {
    expect(strategyBlocks.map((block) => block.label)).toEqual([
      'Parâmetros de Entrada',
      'Gatilhos para Abrir',
      'Gatilhos para Fechar',
      'Gestão de Risco',
      'Take Profit e Stop Loss',
      'Proteção do Capital',
    ])
    expect(blockIndexOf('parametrosEntrada')).toBe(0)
    expect(blockIndexOf('protecaoCapital')).toBe(5)
    expect(blockIndexOf('robotName')).toBe(-1)
  })

  it('finds the first field with an error, in the order the form shows them', () => {
    expect(firstInOrder(['protecaoCapital', 'gestaoRisco', 'robotName'])).toBe('robotName')
    expect(firstInOrder(['gatilhosFechar', 'takeProfitStopLoss'])).toBe('gatilhosFechar')
    expect(firstInOrder(['unknown'])).toBeUndefined()
  })
})
