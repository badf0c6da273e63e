import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import type { CompilationJob } from '../api/compilation-jobs'
import { compileErrorHint } from '@/lib/compile-error-hint'
import { CompileErrorList, CompileWarningList } from '@/components/compilation/compile-diagnostics'
import { OutcomeHeading } from './outcome-heading'

export const COMPILE_FAILED_FALLBACK = 'Não foi possível compilar o robô. Verifique o código-fonte e tente novamente.'

/** A failed job: its message (or a generic one), each error with its line and an explanation, then the warnings. */
export function CompileFailure({ job }: { job: CompilationJob }) {
  const errors = job.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  const warnings = job.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning')
  const message = job.errorMessage?.trim() || COMPILE_FAILED_FALLBACK

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <OutcomeHeading className="text-destructive">Falha na compilação</OutcomeHeading>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {errors.length > 0 ? (
          <CompileErrorList errors={errors} />
        ) : job.errorMessage?.trim() ? (
          <p className="text-sm text-muted-foreground">{compileErrorHint(job.errorMessage)}</p>
        ) : null}
        {warnings.length > 0 && <CompileWarningList warnings={warnings} />}
        <p className="text-sm">Corrija o arquivo e clique em Compilar para enviá-lo de novo.</p>
      </CardContent>
    </Card>
  )
}
