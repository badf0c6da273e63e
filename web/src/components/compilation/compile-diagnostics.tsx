import type { components } from '@/lib/api/schema'
import { compileErrorHint } from '@/lib/compile-error-hint'

type CompileDiagnostic = components['schemas']['JobDiagnostic']

/**
 * "Linha 12, coluna 5" of the owner's file (the column is left out when MetaEditor gave none, 0); a message about the
 * license check the platform inserted is said to be there, not in the owner's lines.
 */
export function diagnosticPosition({ line, column, inInjectedCode }: Pick<CompileDiagnostic, 'line' | 'column' | 'inInjectedCode'>): string {
  if (inInjectedCode) return `No bloco de verificação de licença inserido pela plataforma (linha ${line} do código compilado)`
  return column > 0 ? `Linha ${line}, coluna ${column}` : `Linha ${line}`
}

/** MetaEditor's own words, kept as written (identifiers and quotes matter). */
function CompilerMessage({ diagnostic }: { diagnostic: CompileDiagnostic }) {
  return (
    <code className="block rounded bg-muted px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap">
      {diagnostic.code ? `${diagnostic.code}: ${diagnostic.message}` : diagnostic.message}
    </code>
  )
}

/** The compile errors, each at its place with a plain-Portuguese explanation. */
export function CompileErrorList({ errors }: { errors: CompileDiagnostic[] }) {
  return (
    <ol className="grid gap-3" aria-label="Erros de compilação">
      {errors.map((error, index) => (
        <li key={`${error.line}:${error.column}:${index}`} className="grid gap-1.5 rounded-md border p-3">
          <p className="text-sm font-medium">{diagnosticPosition(error)}</p>
          <CompilerMessage diagnostic={error} />
          <p className="text-sm text-muted-foreground">{compileErrorHint(`${error.code} ${error.message}`)}</p>
        </li>
      ))}
    </ol>
  )
}

/** The warnings, folded away: they do not stop a compile. */
export function CompileWarningList({ warnings }: { warnings: CompileDiagnostic[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        {warnings.length === 1 ? '1 aviso do compilador' : `${warnings.length} avisos do compilador`}
      </summary>
      <ul className="mt-2 grid gap-2">
        {warnings.map((warning, index) => (
          <li key={`${warning.line}:${warning.column}:${index}`} className="grid gap-1">
            <span className="text-muted-foreground">{diagnosticPosition(warning)}</span>
            <CompilerMessage diagnostic={warning} />
          </li>
        ))}
      </ul>
    </details>
  )
}
