import { SectionError } from '@/components/dashboard/dashboard-panel'
import { LicenseChecksChartPanel } from '@/components/dashboard/license-checks-chart'
import { PageHeading } from '@/components/page-heading'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { useTenantStats } from '@/features/tenant-commerce/api/stats'
import { RevenueChartPanel } from '@/components/dashboard/revenue-chart'
import { dailyRevenue } from '@/features/tenant-commerce/revenue-period'
import { PerformanceAlertCard } from '@/features/tenant-commerce/components/performance-alert-card'
import { TenantStatCards, TenantStatCardsSkeleton } from '@/features/tenant-commerce/components/tenant-stat-cards'
import { firstName } from '@/lib/format'
import { WelcomeCard } from '../components/welcome-card'

/** /dashboard: the performance alert, the four figures, next steps and the 30-day charts. */
export function TenantDashboardPage() {
  const stats = useTenantStats()
  const { data: session } = useTenantSession()
  // A failed background refetch keeps the last answer on screen; the error card is for a first load that failed.
  const failed = stats.isError && !stats.data

  return (
    <div className="space-y-6">
      <PageHeading title="Dashboard" description="Acompanhe seus clientes, licenças e vendas" />
      {stats.data && <PerformanceAlertCard alert={stats.data.performanceAlert} />}
      <section aria-label="Indicadores" aria-busy={stats.isPending}>
        {stats.data ? (
          <TenantStatCards stats={stats.data} />
        ) : failed ? (
          <SectionError title="Erro ao carregar estatísticas" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <TenantStatCardsSkeleton />
        )}
      </section>
      <WelcomeCard ownerName={firstName(session?.user.name)} />
      {!failed && (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-busy={stats.isPending}>
          <RevenueChartPanel period={dailyRevenue} points={stats.data?.revenueByDay} />
          <LicenseChecksChartPanel days={stats.data?.licenseChecksByDay} />
        </div>
      )}
    </div>
  )
}
