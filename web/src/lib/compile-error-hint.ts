/**
 * A plain-Portuguese reading of a MetaEditor error (the spec's "error-log hint"), for owners who do not read
 * compiler output. Shared by the import page and the AI robot factory's version panel.
 */

export type CompileErrorKind = 'trading-library' | 'syntax' | 'undeclared-identifier' | 'generic'

/**
 * The standard library's trading classes and their include files (`#include <Trade\Trade.mqh>`): an error naming
 * one is almost always a missing or wrong include, or the class used the wrong way.
 */
const TRADING_LIBRARY = /\b(?:CTrade|CPositionInfo|COrderInfo|CSymbolInfo|CAccountInfo|CDealInfo|CHistoryOrderInfo)\b|Trade\.mqh|\bTrade[\\/]/i

/** MetaEditor's wording for code it cannot parse (English and Portuguese installations). */
const SYNTAX = [
  /syntax error/i,
  /erro de sintaxe/i,
  /unexpected (?:token|end of (?:program|file))/i,
  /unbalanced (?:parentheses|brackets|braces)/i,
  /\b(?:semicolon|comma|colon|operator|expression|parenthesis|bracket|brace)\b.*\bexpected\b/i,
]

const UNDECLARED = [/undeclared identifier/i, /identificador não declarado/i]

/** Which kind of problem a compiler message (or a whole log) shows; the first rule that matches wins, in the spec's order. */
export function compileErrorKind(log: string): CompileErrorKind {
  if (TRADING_LIBRARY.test(log)) return 'trading-library'
  if (SYNTAX.some((pattern) => pattern.test(log))) return 'syntax'
  if (UNDECLARED.some((pattern) => pattern.test(log))) return 'undeclared-identifier'
  return 'generic'
}

export const COMPILE_ERROR_HINTS: Record<CompileErrorKind, string> = {
  'trading-library':
    'Problema com a biblioteca de negociação (Trade.mqh): confira se o código inclui #include <Trade\\Trade.mqh> e se classes como CTrade e CPositionInfo são usadas corretamente.',
  syntax: 'Erro de sintaxe: falta ou sobra algum caractere (ponto e vírgula, parênteses ou chaves) perto da linha indicada.',
  'undeclared-identifier': 'Variável não declarada: um nome é usado sem ter sido declarado antes. Confira a grafia e se a declaração existe.',
  generic: 'Erro técnico de compilação: veja a mensagem do compilador para os detalhes.',
}

/** The explanation to show next to a compiler message. */
export function compileErrorHint(log: string): string {
  return COMPILE_ERROR_HINTS[compileErrorKind(log)]
}
