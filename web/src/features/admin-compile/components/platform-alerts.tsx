import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CheckIcon, TriangleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { compileQueueQuery, useAcknowledgeAlert, type PlatformAlert } from '../api/compile-queue'
import { labelOf } from '@/lib/labels'
import { platformAlertKindLabels } from '../labels'

function AlertBanner({ alert, acknowledging, onAcknowledge }: { alert: PlatformAlert; acknowledging: boolean; onAcknowledge: () => void }) {
  const messageId = useId()
  const kind = labelOf(platformAlertKindLabels, alert.kind)
  return (
    <Alert variant="warning">
      <TriangleAlertIcon aria-hidden />
      <AlertTitle>{alert.tenantName ? `${kind} — ${alert.tenantName}` : kind}</AlertTitle>
      <AlertDescription>
        <p id={messageId}>{alert.message}</p>
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground">em {formatDateTime(alert.createdAt)}</span>
          <Button variant="outline" size="sm" aria-describedby={messageId} disabled={acknowledging} onClick={onAcknowledge}>
            {acknowledging ? <Spinner label="Salvando" /> : <CheckIcon aria-hidden />}
            Marcar como visto
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}

/**
 * The alerts of the compile queue not yet seen (a job no agent claimed in time), newest first, each with
 * "Marcar como visto". Nothing shows while there are none.
 */
export function PlatformAlerts() {
  const query = useQuery(compileQueueQuery())
  const acknowledge = useAcknowledgeAlert()
  const alerts = query.data?.alerts ?? []
  if (alerts.length === 0) return null

  const markSeen = (alert: PlatformAlert) =>
    acknowledge.mutate(alert.id, {
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao marcar alerta como visto', description: errorMessage(error, 'Tente novamente.') }),
    })

  return (
    <section aria-label="Alertas da fila de compilação">
      <ul className="grid gap-2">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <AlertBanner alert={alert} acknowledging={acknowledge.isPending && acknowledge.variables === alert.id} onAcknowledge={() => markSeen(alert)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
