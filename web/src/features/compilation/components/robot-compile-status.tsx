import { AlertTriangleIcon, HourglassIcon, LoaderCircleIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/format'
import { leadingJob, useRobotCompileJobs, type RobotCompileJob } from '../api/robot-compile-jobs'

const tones: Record<string, 'warning' | 'secondary' | 'destructive'> = { pending: 'secondary', processing: 'warning', failed: 'destructive' }

function StatusIcon({ status }: { status: string }) {
  if (status === 'processing') return <LoaderCircleIcon className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
  if (status === 'failed') return <AlertTriangleIcon className="size-3.5" aria-hidden />
  return <HourglassIcon className="size-3.5" aria-hidden />
}

/** A job's status as a badge: "Compilação na fila", "Compilando", "Compilação falhou". */
export function CompileJobBadge({ job }: { job: Pick<RobotCompileJob, 'status' | 'statusLabel'> }) {
  const text = job.status === 'pending' ? 'Compilação na fila' : job.status === 'failed' ? 'Compilação falhou' : job.statusLabel
  return (
    <Badge variant={tones[job.status] ?? 'secondary'} className="gap-1">
      <StatusIcon status={job.status} />
      {text}
    </Badge>
  )
}

/**
 * The robot list's line about a robot's compiles: the newest one still waiting or compiling (with why), or its last
 * failure; nothing when it has neither. Polls while something is in progress.
 */
export function RobotCompileStatus({ robotId }: { robotId: string }) {
  const { data } = useRobotCompileJobs(robotId)
  const job = leadingJob(data)
  if (!job) return null
  return (
    <div className="mt-1 space-y-1" data-testid="robot-compile-status">
      <CompileJobBadge job={job} />
      {(job.waitingReason ?? job.errorMessage) && (
        <p className="max-w-72 text-xs font-normal whitespace-normal text-muted-foreground">{job.waitingReason ?? job.errorMessage}</p>
      )}
    </div>
  )
}

/** The versions page's card of a robot's compiles: each in progress with why it waits, and recent failures. */
export function RobotCompileJobsCard({ jobs }: { jobs: RobotCompileJob[] }) {
  if (jobs.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Compilações</h2>
        </CardTitle>
        <CardDescription>Importações deste robô ainda na fila ou compilando, e falhas recentes. A página se atualiza sozinha.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Compilações do robô">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <CompileJobBadge job={job} />
                {job.originalFileName && <span className="text-sm font-medium break-all">{job.originalFileName}</span>}
                <span className="text-xs text-muted-foreground">enviado em {formatDateTime(job.createdAt)}</span>
              </div>
              {job.waitingReason && <p className="text-sm text-muted-foreground">{job.waitingReason}</p>}
              {job.status === 'failed' && job.errorMessage && <p className="text-sm text-destructive">{job.errorMessage}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/** What the versions list says while it is empty: waiting for a compile (and why), or the invitation to upload. */
export function emptyVersionsText(data: { jobs: RobotCompileJob[] } | undefined): string | undefined {
  const waiting = data?.jobs.find((job) => job.status === 'pending' || job.status === 'processing')
  if (!waiting) return undefined
  const what = waiting.status === 'processing' ? 'A primeira versão está sendo compilada agora.' : 'A primeira versão aguarda compilação.'
  return `${what} ${waiting.waitingReason ?? ''} Ela aparece aqui assim que compilar.`.replace(/\s+/g, ' ').trim()
}
