/**
 * Words that must not come back on a tenant owner's or a buyer's screen, each with what to write instead. They are
 * matched against the visible texts of the source (see `visible-text.ts`), case-sensitively unless the pattern says
 * otherwise. `inSentence` rules only judge texts with a space in them: a lone `'email'` or `'owner'` is a field name
 * or a key, not a word someone reads.
 */
export interface DeniedWord {
  pattern: RegExp
  instead: string
  inSentence?: boolean
}

export const deniedWords: readonly DeniedWord[] = [
  { pattern: /Did you forget to add the page to the router/, instead: 'a página de "Página não encontrada" em pt-BR' },
  { pattern: /Unexpected Application Error|Hey developer/, instead: 'a página de erro em pt-BR (RouteErrorPage)' },
  { pattern: /Portal do Tenant/, instead: '"Portal do Revendedor"' },
  { pattern: /secret hash/i, instead: '"chave de segurança"' },
  { pattern: /\b(Major|Minor|Patch)\b/, instead: '"Principal", "Secundária", "Correção"' },
  { pattern: /\bEmail\b/, instead: '"E-mail" (a grafia única)' },
  { pattern: /(^|[\s(])email([\s.,;:!?)]|$)/, instead: '"e-mail" (a grafia única)', inSentence: true },
  { pattern: /Área de Treinamento|\bTreinamentos\b/, instead: '"Área de Ensino", o nome do menu' },
  { pattern: /\b(owners?|tenants?|jobs?)\b/i, instead: 'equipe, revendedor, compilação…', inSentence: true },
  {
    pattern:
      /\b(Loading|Submit|Cancel|Close|Save|Delete|Search|Copied|Sign in|Sign out|Log in|Log out|Logout|Page not found|Not Found|Something went wrong|No results|Retry(?!-)|Dismiss|Toggle Sidebar|Go back|Try again|Are you sure)\b/,
    instead: 'o texto em pt-BR',
  },
]

/** The denied words `text` contains. */
export function deniedWordsIn(text: string): DeniedWord[] {
  const sentence = /\s/.test(text.trim())
  return deniedWords.filter((word) => (!word.inSentence || sentence) && word.pattern.test(text))
}
