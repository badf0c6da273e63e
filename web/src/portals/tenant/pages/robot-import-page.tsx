import { PageHeading } from '@/components/page-heading'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { errorMessage } from '@/lib/api/client'
import { CompileFailure } from '@/features/compilation/components/compile-failure'
import { CompileSuccess } from '@/features/compilation/components/compile-success'
import { ImportProgress } from '@/features/compilation/components/import-progress'
import { SourceImportForm } from '@/features/compilation/components/source-import-form'
import { isRunningPhase } from '@/features/compilation/job-progress'
import { useImportJob } from '@/features/compilation/use-import-job'

/**
 * /robots/import — an .mq5 is compiled into the next version of the robot it names: upload, then the job's
 * progress (polled, and nudged by the live stream) until it compiles or fails. A failure keeps the form to send
 * again; a success offers another import or the robots list.
 */
export function TenantRobotImportPage() {
  const { phase, progress, job, statusError, start, reset } = useImportJob()

  return (
    <div className="space-y-6">
      <PageHeading
        title="Importar Robô"
        description="Envie o código-fonte (.mq5) de um Expert Advisor: a verificação de licença é inserida, o código é compilado e vira uma versão do robô."
      />
      {phase !== 'completed' && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Código-fonte</h2>
            </CardTitle>
            <CardDescription>O código-fonte fica no servidor; os clientes só baixam o .ex5 compilado.</CardDescription>
          </CardHeader>
          <CardContent>
            <SourceImportForm phase={phase} start={start} />
          </CardContent>
        </Card>
      )}
      {phase !== 'idle' && (
        <section aria-label="Andamento da compilação" className="space-y-4">
          <ImportProgress phase={phase} progress={progress} />
          {phase === 'pending' && job?.waitingReason && (
            <Alert variant="warning" role="status">
              <AlertTitle>Aguardando um agente de compilação</AlertTitle>
              <AlertDescription>{job.waitingReason}</AlertDescription>
            </Alert>
          )}
          {statusError !== null && isRunningPhase(phase) && (
            <Alert variant="destructive">
              <AlertTitle>Erro ao consultar o andamento da compilação</AlertTitle>
              <AlertDescription>{errorMessage(statusError, 'Tentando de novo em instantes.')}</AlertDescription>
            </Alert>
          )}
          {phase === 'failed' && job && <CompileFailure job={job} />}
          {phase === 'completed' && job && <CompileSuccess job={job} onImportAnother={reset} />}
        </section>
      )}
    </div>
  )
}
