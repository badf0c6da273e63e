import { describe, expect, it } from 'vitest'
import { failedStepOf, isFinishedStep, pipelineView } from './generation-steps'

const states = (current: string | null, failedAt?: Parameters<typeof pipelineView>[1]) =>
  Object.fromEntries(pipelineView(current, failedAt).map((step) => [step.label, step.state]))

describe('pipelineView', () => {
  it('shows Gerando, Revisando, Compilando and Pronto, all pending before anything is sent', () => {
    expect(states(null)).toEqual({ Gerando: 'pending', Revisando: 'pending', Compilando: 'pending', Pronto: 'pending' })
  })

  it('marks the running step active and the ones before it done', () => {
    expect(states('generating')).toEqual({ Gerando: 'active', Revisando: 'pending', Compilando: 'pending', Pronto: 'pending' })
    expect(states('reviewing')).toEqual({ Gerando: 'done', Revisando: 'active', Compilando: 'pending', Pronto: 'pending' })
    expect(states('compiling')).toEqual({ Gerando: 'done', Revisando: 'done', Compilando: 'active', Pronto: 'pending' })
  })

  it('marks every step done when ready', () => {
    expect(states('ready')).toEqual({ Gerando: 'done', Revisando: 'done', Compilando: 'done', Pronto: 'done' })
  })

  it('marks the step where a failure happened', () => {
    expect(states('failed', 'compiling')).toEqual({ Gerando: 'done', Revisando: 'done', Compilando: 'failed', Pronto: 'pending' })
    expect(states('failed')).toEqual({ Gerando: 'failed', Revisando: 'pending', Compilando: 'pending', Pronto: 'pending' })
  })

  it('reads a step it does not know as still generating', () => {
    expect(states('thinking')).toEqual({ Gerando: 'active', Revisando: 'pending', Compilando: 'pending', Pronto: 'pending' })
  })
})

describe('failedStepOf', () => {
  it('takes the furthest of the last step seen and what the generation shows', () => {
    expect(failedStepOf({ compilationAttempts: 0, sourceCode: null }, null)).toBe('generating')
    expect(failedStepOf({ compilationAttempts: 0, sourceCode: 'int x;' }, null)).toBe('reviewing')
    expect(failedStepOf({ compilationAttempts: 2, sourceCode: 'int x;' }, 'reviewing')).toBe('compiling')
    expect(failedStepOf({ compilationAttempts: 0, sourceCode: null }, 'reviewing')).toBe('reviewing')
  })
})

describe('isFinishedStep', () => {
  it('is true only for ready and failed', () => {
    expect(['generating', 'reviewing', 'compiling', 'ready', 'failed'].map(isFinishedStep)).toEqual([false, false, false, true, true])
  })
})
