import { describe, expect, it } from 'vitest'
import { firstStepWithError, stepOfField, WIZARD_STEPS, wizardDefaults, wizardSchema } from './wizard-form'

describe('wizard form', () => {
  it('has the seven steps in the spec order', () => {
    expect(WIZARD_STEPS.map((step) => step.field)).toEqual([
      'robotName',
      'parametrosEntrada',
      'gatilhosAbrir',
      'gatilhosFechar',
      'gestaoRisco',
      'takeProfitStopLoss',
      'protecaoCapital',
    ])
  })

  it("uses the server's limits and messages, counted after trimming", () => {
    const result = wizardSchema.safeParse({ ...wizardDefaults, robotName: '  ab  ', parametrosEntrada: '   123456789   ' })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))
    expect(messages).toEqual({
      robotName: 'Nome deve ter pelo menos 3 caracteres',
      parametrosEntrada: 'Descreva os parâmetros de entrada',
      gatilhosAbrir: 'Descreva os gatilhos para abrir ordens',
      gatilhosFechar: 'Descreva os gatilhos para fechar posições',
      gestaoRisco: 'Descreva a gestão de risco',
      takeProfitStopLoss: 'Descreva Take Profit e Stop Loss',
      protecaoCapital: 'Descreva limites para proteção do capital',
    })
    const tooLong = wizardSchema.safeParse({ ...wizardDefaults, robotName: 'x'.repeat(101), gestaoRisco: 'x'.repeat(4001) })
    const long = Object.fromEntries(tooLong.error!.issues.map((issue) => [issue.path[0], issue.message]))
    expect(long.robotName).toBe('O nome pode ter no máximo 100 caracteres')
    expect(long.gestaoRisco).toBe('Cada bloco pode ter no máximo 4000 caracteres')
  })

  it('finds the first step among refused fields, ignoring fields the wizard does not have', () => {
    expect(stepOfField('gatilhosFechar')).toBe(3)
    expect(stepOfField('tenantId')).toBe(-1)
    expect(firstStepWithError(['protecaoCapital', 'gatilhosAbrir', 'tenantId'])).toBe(2)
    expect(firstStepWithError(['tenantId'])).toBeNull()
    expect(firstStepWithError([])).toBeNull()
  })
})
