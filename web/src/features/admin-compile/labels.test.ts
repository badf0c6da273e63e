import { describe, expect, it } from 'vitest'
import { asCompileSource, asCompileStatus } from './api/compilation-history'
import { choices, labelOf, toneOf } from '@/lib/labels'
import { activeAgentCount, agentStateLabels, compileSourceLabels, compileStatusTones, poolChoices, poolNameOf } from './labels'
import { dedicatedPool, defaultPool } from './test-support'

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
    expect(choices(compileSourceLabels)).toEqual([
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

  it('names pools by id, null while they load', () => {
    expect(poolNameOf([defaultPool, dedicatedPool], dedicatedPool.id)).toBe('Clientes VIP')
    expect(poolNameOf(undefined, dedicatedPool.id)).toBeNull()
    expect(poolNameOf([defaultPool], dedicatedPool.id)).toBeNull()
  })

  it('offers the default pool first, marked, then the others by name', () => {
    const alpha = { ...dedicatedPool, id: 'alpha', name: 'Alpha' }
    expect(poolChoices([dedicatedPool, defaultPool, alpha])).toEqual([
      { value: defaultPool.id, label: 'Padrão (padrão)' },
      { value: 'alpha', label: 'Alpha' },
      { value: dedicatedPool.id, label: 'Clientes VIP' },
    ])
    expect(poolChoices(undefined)).toEqual([])
  })

  it('counts active agents in words', () => {
    expect(activeAgentCount(0)).toBe('Nenhum agente ativo')
    expect(activeAgentCount(1)).toBe('1 agente ativo')
    expect(activeAgentCount(3)).toBe('3 agentes ativos')
  })
})
