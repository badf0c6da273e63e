import { describe, expect, it } from 'vitest'
import { asCompileSource, asCompileStatus } from './api/compilation-history'
import { agentStateLabels, choicesOf, compileSourceLabels, compileStatusTones, labelOf, toneOf } from './labels'

describe('compile labels', () => {
  it('labels known codes and shows unknown ones as they came', () => {
    expect(labelOf(compileSourceLabels, 'ai-factory')).toBe('Fábrica IA')
    expect(labelOf(agentStateLabels, 'idle')).toBe('Ocioso')
    expect(labelOf(agentStateLabels, 'draining')).toBe('draining')
    expect(labelOf(agentStateLabels, 'toString')).toBe('toString')
  })

  it('colours unknown codes grey', () => {
    expect(toneOf(compileStatusTones, 'failed')).toBe('destructive')
    expect(toneOf(compileStatusTones, 'queued')).toBe('secondary')
  })

  it('makes select options in the labels’ order', () => {
    expect(choicesOf(compileSourceLabels)).toEqual([
      { value: 'import', label: 'Importação' },
      { value: 'ai-factory', label: 'Fábrica IA' },
    ])
  })

  it('reads only filter values the server accepts from the URL', () => {
    expect(asCompileSource('import')).toBe('import')
    expect(asCompileSource('hotmart')).toBeUndefined()
    expect(asCompileStatus('processing')).toBe('processing')
    expect(asCompileStatus('')).toBeUndefined()
  })
})
