import { describe, expect, it } from 'vitest'
import { COMPILE_ERROR_HINTS, compileErrorHint, compileErrorKind } from './compile-error-hint'

describe('compile error hint', () => {
  it.each([
    ["'CTrade' - undeclared identifier", 'trading-library'],
    ["'trade' - CPositionInfo expected", 'trading-library'],
    ['COrderInfo::Select - wrong parameters count', 'trading-library'],
    ["'CSymbolInfo' - struct or class type expected", 'trading-library'],
    ['cannot open file "CAccountInfo"', 'trading-library'],
    ["can't open \"C:\\MQL5\\Include\\Trade\\Trade.mqh\" include file", 'trading-library'],
    ['trade.mqh not found', 'trading-library'],
  ] as const)('reads %j as a trading-library problem', (message, kind) => {
    expect(compileErrorKind(message)).toBe(kind)
  })

  it.each([
    'syntax error',
    "'}' - unexpected end of program",
    "'else' - unexpected token",
    "')' - unbalanced parentheses",
    "'Print' - semicolon expected",
    "'x' - some operator expected",
    'erro de sintaxe',
  ])('reads %j as a syntax error', (message) => {
    expect(compileErrorKind(message)).toBe('syntax')
  })

  it.each(["'lotes' - undeclared identifier", 'UNDECLARED IDENTIFIER', "'x' - identificador não declarado"])(
    'reads %j as an undeclared variable',
    (message) => {
      expect(compileErrorKind(message)).toBe('undeclared-identifier')
    },
  )

  it.each(["'=' - type mismatch", "'OnTick' - function already defined and has body", ''])('reads %j as a generic technical error', (message) => {
    expect(compileErrorKind(message)).toBe('generic')
  })

  it('follows the spec order: a trading class wins over syntax, syntax over an undeclared identifier', () => {
    expect(compileErrorKind("'CTrade' - syntax error")).toBe('trading-library')
    expect(compileErrorKind("syntax error\n'lotes' - undeclared identifier")).toBe('syntax')
    // A class name inside another word is no trading class.
    expect(compileErrorKind("'MyCTradeHelper' - undeclared identifier")).toBe('undeclared-identifier')
  })

  it('explains each kind in Portuguese', () => {
    expect(compileErrorHint("'CTrade' - undeclared identifier")).toBe(COMPILE_ERROR_HINTS['trading-library'])
    expect(compileErrorHint('syntax error')).toMatch(/^Erro de sintaxe/)
    expect(compileErrorHint("'lotes' - undeclared identifier")).toMatch(/^Variável não declarada/)
    expect(compileErrorHint('algo estranho')).toMatch(/^Erro técnico de compilação/)
    expect(new Set(Object.values(COMPILE_ERROR_HINTS)).size).toBe(4)
  })
})
