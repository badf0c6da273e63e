import { TrendingDownIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import type { TenantStats } from '../api/stats'

/** The red card the server raises when the tenant's sales run low; nothing when there is no alert. */
export function PerformanceAlertCard({ alert }: { alert: TenantStats['performanceAlert'] }) {
  if (!alert?.message) return null
  return (
    <Alert variant="destructive" data-testid="performance-alert" className="border-destructive bg-destructive/10">
      <TrendingDownIcon aria-hidden />
      <AlertTitle>Alerta de Performance</AlertTitle>
      <AlertDescription>{alert.message}</AlertDescription>
    </Alert>
  )
}
