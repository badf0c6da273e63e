import { describe, expect, it } from 'vitest'
import { splitFencedCode } from './fenced-code'

describe('splitFencedCode', () => {
  it('keeps plain text as one part', () => {
    expect(splitFencedCode('Gerei a primeira versão.\nConfira abaixo.')).toEqual([{ kind: 'text', text: 'Gerei a primeira versão.\nConfira abaixo.' }])
  })

  it('separates prose from fenced code, with the language when given', () => {
    const content = 'Aqui está o código:\n```mql5\nint OnInit() {\n  return(INIT_SUCCEEDED);\n}\n```\nCompile e teste.'
    expect(splitFencedCode(content)).toEqual([
      { kind: 'text', text: 'Aqui está o código:' },
      { kind: 'code', language: 'mql5', code: 'int OnInit() {\n  return(INIT_SUCCEEDED);\n}' },
      { kind: 'text', text: 'Compile e teste.' },
    ])
  })

  it('reads a fence without a language, CRLF line ends and blank prose between blocks', () => {
    expect(splitFencedCode('```\na\n```\r\n\r\n```cpp\nb\n```')).toEqual([
      { kind: 'code', language: null, code: 'a' },
      { kind: 'code', language: 'cpp', code: 'b' },
    ])
  })

  it('runs a fence still open (text being streamed) to the end as code', () => {
    expect(splitFencedCode('Escrevendo:\n```mql5\n#property strict\ninput double')).toEqual([
      { kind: 'text', text: 'Escrevendo:' },
      { kind: 'code', language: 'mql5', code: '#property strict\ninput double' },
    ])
  })

  it('gives nothing for empty content', () => {
    expect(splitFencedCode('  \n ')).toEqual([])
  })
})
