import { TrendingDownIcon } from 'lucide-react'
import { formatBRL, formatDate } from '@/lib/format'
import { DashboardPanel, PanelRowsSkeleton } from '@/components/dashboard/dashboard-panel'
import type { PerformanceAlert } from '../api/dashboard'
import { formatWholeBRL, PERFORMANCE_ALERT_THRESHOLD_BRL } from '../dashboard-format'

const explanation = `Tenants com vendas abaixo de ${formatWholeBRL(PERFORMANCE_ALERT_THRESHOLD_BRL)} por mês após 90 dias aparecerão aqui.`

export function PerformanceAlertsPanel({ alerts }: { alerts: PerformanceAlert[] | undefined }) {
  return (
    <DashboardPanel title="Alertas de Performance" description={alerts && alerts.length > 0 ? explanation : undefined}>
      {!alerts ? (
        <PanelRowsSkeleton />
      ) : alerts.length === 0 ? (
        <div className="space-y-1 py-6 text-center">
          <p className="text-sm font-medium">Nenhum alerta no momento</p>
          <p className="text-sm text-muted-foreground">{explanation}</p>
        </div>
      ) : (
        <ul className="divide-y">
          {alerts.map((alert) => (
            <li
              key={alert.tenantId}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:gap-x-4"
            >
              <TrendingDownIcon className="size-4 shrink-0 text-destructive" aria-hidden />
              <span className="font-medium break-words">{alert.tenantName}</span>
              <span className="col-start-2 text-sm tabular-nums sm:col-start-auto">
                <span className="font-semibold text-destructive">{formatBRL(alert.revenueLast30Days)}</span>
                <span className="text-muted-foreground"> nos últimos 30 dias</span>
              </span>
              <span className="col-start-2 text-sm text-muted-foreground tabular-nums sm:col-start-auto">Desde {formatDate(alert.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  )
}
