import { CompileErrorList, CompileWarningList } from '@/components/compilation/compile-diagnostics'
import { compileErrorHint } from '@/lib/compile-error-hint'
import type { ProjectVersion } from '../api/types'

const FAILED_FALLBACK = 'A IA não conseguiu gerar uma versão que compile. Peça ajustes para tentar de novo.'

/**
 * What went wrong with a version, for an owner who does not read compiler output: each compile error at its line with
 * a plain-Portuguese explanation (the import page's), or, without structured errors, the message and the explanation
 * of the whole log. Warnings and the raw log stay folded away.
 */
export function VersionProblems({ version }: { version: ProjectVersion }) {
  const errors = version.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  const warnings = version.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning')
  const failed = version.compilationStatus === 'failed'
  const message = version.errorMessage?.trim() || (failed ? FAILED_FALLBACK : '')
  const log = version.errorLog?.trim() ?? ''
  if (!message && errors.length === 0 && warnings.length === 0 && !log) return null

  return (
    <div className="grid gap-3">
      {message && <p className={failed ? 'text-sm text-destructive' : 'text-sm'}>{message}</p>}
      {errors.length > 0 ? (
        <CompileErrorList errors={errors} />
      ) : (
        (failed || log) && <p className="text-sm text-muted-foreground">{compileErrorHint(log || message)}</p>
      )}
      {warnings.length > 0 && <CompileWarningList warnings={warnings} />}
      {log && (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">Log do compilador</summary>
          <pre tabIndex={0} role="region" aria-label="Log do compilador" className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
            {log}
          </pre>
        </details>
      )}
    </div>
  )
}
