import { describe, expect, it } from 'vitest'
import { adjustmentBody, isAdjustmentReady } from './adjustment-form'
import { prompt } from './test-support'

describe('adjustment request', () => {
  it('is ready from 10 characters after trimming', () => {
    expect(isAdjustmentReady('   123456789   ')).toBe(false)
    expect(isAdjustmentReady(' 1234567890 ')).toBe(true)
  })

  it("carries the latest prompt's answers, '' for missing ones, and the trimmed text", () => {
    expect(adjustmentBody(prompt, '  Usar Estocástico.  ')).toEqual({ adjustmentRequest: 'Usar Estocástico.', ...prompt })
    expect(adjustmentBody(null, 'Usar Estocástico.')).toEqual({
      adjustmentRequest: 'Usar Estocástico.',
      robotName: '',
      parametrosEntrada: '',
      gatilhosAbrir: '',
      gatilhosFechar: '',
      gestaoRisco: '',
      takeProfitStopLoss: '',
      protecaoCapital: '',
    })
  })
})
