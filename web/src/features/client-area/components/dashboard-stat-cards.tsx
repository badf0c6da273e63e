import { KeyRoundIcon, RepeatIcon } from 'lucide-react'
import { formatCount } from '@/components/dashboard/chart-format'
import { StatCard, StatCardsSkeleton, statGridClass } from '@/components/dashboard/stat-card'
import type { ClientDashboard } from '../api/dashboard'

/** The client's two figures: licenses they can use now and subscriptions being charged; side by side on a phone. */
export function DashboardStatCards({ dashboard }: { dashboard: ClientDashboard }) {
  return (
    <div className={statGridClass(2)}>
      <StatCard title="Licenças Ativas" icon={KeyRoundIcon} value={formatCount(dashboard.activeLicenses)} hint="Robôs liberados para uso" />
      <StatCard title="Assinaturas Ativas" icon={RepeatIcon} value={formatCount(dashboard.activeSubscriptions)} hint="Assinaturas em cobrança" />
    </div>
  )
}

export function DashboardStatCardsSkeleton() {
  return <StatCardsSkeleton count={2} />
}
