import { Link } from 'react-router-dom'
import { ArrowRightIcon, CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react'
import { DashboardPanel, PanelRowsSkeleton, SectionError } from '@/components/dashboard/dashboard-panel'
import { cn } from '@/lib/class-names'
import { usePlatformHealth, type HealthCheck, type HealthLevel, type PlatformHealth } from '../api/dashboard'

/** Green, amber, red: the colour, the icon and the word a screen reader says for each level. */
const levels: Record<HealthLevel, { label: string; className: string; Icon: typeof CircleCheckIcon }> = {
  ok: { label: 'OK', className: 'text-success', Icon: CircleCheckIcon },
  warning: { label: 'Atenção', className: 'text-amber-500', Icon: TriangleAlertIcon },
  critical: { label: 'Problema', className: 'text-destructive', Icon: CircleAlertIcon },
}

/** "há 9 minutos" for a job waiting 540 s. */
export function waitedFor(seconds: number): string {
  if (seconds < 60) return 'há menos de 1 minuto'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`
  const hours = Math.floor(minutes / 60)
  return `há ${hours} ${hours === 1 ? 'hora' : 'horas'}`
}

function HealthRow({ title, figure, check }: { title: string; figure: string; check: HealthCheck }) {
  const level = levels[check.level]
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-level={check.level}>
      <level.Icon className={cn('mt-0.5 size-5 shrink-0', level.className)} aria-hidden />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
          {title}
          <span className={cn('text-sm tabular-nums', level.className)}>{figure}</span>
          <span className="sr-only">({level.label})</span>
        </p>
        <p className="text-sm break-words text-muted-foreground">{check.message}</p>
      </div>
      {check.level !== 'ok' && (
        <Link
          to={check.fixPath}
          className="inline-flex shrink-0 items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Resolver
          <span className="sr-only">: {title}</span>
          <ArrowRightIcon className="size-4" aria-hidden />
        </Link>
      )}
    </li>
  )
}

function HealthRows({ health }: { health: PlatformHealth }) {
  const oldest = health.oldestWaitingJob
  return (
    <ul className="divide-y" aria-label="Saúde da plataforma">
      <HealthRow title="Agentes de compilação" figure={`${health.agentsOnline} de ${health.agentsTotal} online`} check={health.agents} />
      <HealthRow
        title="Fila de compilação"
        figure={oldest ? `${health.jobsWaiting} aguardando · mais antiga ${waitedFor(oldest.waitingSeconds)}` : 'vazia'}
        check={health.queue}
      />
      <HealthRow title="Modelo de IA" figure={health.aiModel ?? 'não configurado'} check={health.ai} />
      <HealthRow
        title="E-mail da plataforma"
        figure={health.platformMailConfigured ? 'configurado' : `não configurado · ${health.tenantsWithoutSender} sem remetente`}
        check={health.mail}
      />
    </ul>
  )
}

/** The admin dashboard's health panel: red, amber or green per part, each problem with a link to the screen that fixes it. */
export function HealthPanel() {
  const health = usePlatformHealth()
  if (health.isError && !health.data) {
    return (
      <SectionError
        title="Não foi possível carregar a saúde da plataforma"
        error={health.error}
        onRetry={() => void health.refetch()}
        retrying={health.isFetching}
      />
    )
  }
  return (
    <DashboardPanel title="Saúde da plataforma" description="Agentes, fila de compilação, IA e e-mail: o que impede um tenant de começar.">
      {health.data ? <HealthRows health={health.data} /> : <PanelRowsSkeleton />}
    </DashboardPanel>
  )
}
