import { describe, expect, it } from 'vitest'
import { diagnosticPosition } from './compile-diagnostics'

describe('diagnosticPosition', () => {
  it('names the line and column of the owner’s own file', () => {
    expect(diagnosticPosition({ line: 12, column: 5, inInjectedCode: false })).toBe('Linha 12, coluna 5')
    expect(diagnosticPosition({ line: 40, column: 0, inInjectedCode: false })).toBe('Linha 40')
  })

  it('says when the message is about the license check the platform inserted', () => {
    expect(diagnosticPosition({ line: 88, column: 3, inInjectedCode: true })).toBe(
      'No bloco de verificação de licença inserido pela plataforma (linha 88 do código compilado)',
    )
  })
})
