import { PageHeading } from '@/components/page-heading'
import { useDashboardActivity, useDashboardStats } from '@/features/admin-dashboard/api/dashboard'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { LicenseChecksChartPanel } from '@/components/dashboard/license-checks-chart'
import { HealthPanel } from '@/features/admin-dashboard/components/health-panel'
import { PerformanceAlertsPanel } from '@/features/admin-dashboard/components/performance-alerts-panel'
import { RecentSalesPanel, RecentTenantsPanel } from '@/features/admin-dashboard/components/recent-panels'
import { RevenueChartPanel } from '@/components/dashboard/revenue-chart'
import { monthlyRevenue } from '@/features/admin-dashboard/revenue-period'
import { StatCards, StatCardsSkeleton } from '@/features/admin-dashboard/components/stat-cards'

export function AdminDashboardPage() {
  const stats = useDashboardStats()
  const activity = useDashboardActivity()
  // A failed background refetch keeps the last answer on screen; the error state is for a first load that failed.
  const activityFailed = activity.isError && !activity.data
  const data = activity.data

  return (
    <div className="space-y-6">
      <PageHeading title="Dashboard" description="Visão geral da plataforma" />

      <HealthPanel />

      <section aria-label="Indicadores do mês" aria-busy={stats.isPending}>
        {stats.data ? (
          <StatCards stats={stats.data} />
        ) : stats.isError ? (
          <SectionError
            title="Não foi possível carregar os indicadores"
            error={stats.error}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          <StatCardsSkeleton />
        )}
      </section>

      {activityFailed ? (
        <SectionError
          title="Não foi possível carregar a atividade recente"
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : (
        <div className="space-y-6" aria-busy={activity.isPending}>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <RevenueChartPanel period={monthlyRevenue} points={data?.revenueByMonth} />
            <LicenseChecksChartPanel days={data?.licenseChecksByDay} />
          </div>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <RecentTenantsPanel tenants={data?.recentTenants} />
            <RecentSalesPanel sales={data?.recentSales} />
          </div>
          <PerformanceAlertsPanel alerts={data?.performanceAlerts} />
        </div>
      )}
    </div>
  )
}
