import { useId } from 'react'
import { KeyRoundIcon, RepeatIcon, type LucideIcon } from 'lucide-react'
import { formatCount } from '@/components/dashboard/chart-format'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import type { ClientDashboard } from '../api/dashboard'

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2'

function StatCard({ title, icon: Icon, value, hint }: { title: string; icon: LucideIcon; value: number; hint: string }) {
  const titleId = useId()
  return (
    <Card role="group" aria-labelledby={titleId} className="gap-2 py-5">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
        <CardTitle id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-1 px-5">
        <p className="text-2xl font-bold tabular-nums">{formatCount(value)}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  )
}

/** The client's two figures: licenses they can use now and subscriptions being charged. */
export function DashboardStatCards({ dashboard }: { dashboard: ClientDashboard }) {
  return (
    <div className={GRID}>
      <StatCard title="Licenças Ativas" icon={KeyRoundIcon} value={dashboard.activeLicenses} hint="Robôs liberados para uso" />
      <StatCard title="Assinaturas Ativas" icon={RepeatIcon} value={dashboard.activeSubscriptions} hint="Assinaturas em cobrança" />
    </div>
  )
}

export function DashboardStatCardsSkeleton() {
  return (
    <div className={GRID} data-testid="stat-cards-skeleton">
      {Array.from({ length: 2 }, (_, index) => (
        <Card key={index} className="gap-3 py-5">
          <CardHeader className="px-5">
            <Skeleton className="h-4 w-28" />
          </CardHeader>
          <CardContent className="space-y-2 px-5">
            <Skeleton className="h-7 w-12" />
            <Skeleton className="h-3 w-32" />
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
