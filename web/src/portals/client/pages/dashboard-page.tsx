import { Link } from 'react-router-dom'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { Button } from '@/components/ui/button'
import { useClientSession } from '@/features/auth/api/client-session'
import { useClientDashboard } from '@/features/client-area/api/dashboard'
import { useClientLicenses } from '@/features/client-area/api/licenses'
import { DashboardStatCards, DashboardStatCardsSkeleton } from '@/features/client-area/components/dashboard-stat-cards'
import { GettingStartedCard } from '@/features/client-area/components/getting-started-card'
import { firstName } from '@/lib/format'
import type { NavigationItem } from '@/lib/navigation'
import { usePageTitle } from '@/lib/page-title'

/**
 * /dashboard: a greeting, the two figures, `shortcuts` to other screens (robots, training; the screen table
 * names their paths) and the getting-started steps, ticking from the client's licenses.
 */
export function ClientDashboardPage({ shortcuts }: { shortcuts: NavigationItem[] }) {
  usePageTitle('Dashboard')
  const dashboard = useClientDashboard()
  // The steps tick from the licenses (downloaded, account, connection) and show the URL MetaTrader must allow.
  const licenses = useClientLicenses()
  const { data: session } = useClientSession()
  // The session already knows the name, so the greeting does not wait for the figures.
  const name = firstName(dashboard.data?.name || session?.user.name)
  // A failed background refetch keeps the last answer on screen; the error card is for a first load that failed.
  const failed = dashboard.isError && !dashboard.data

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight" data-testid="client-greeting">
          {name ? `Olá, ${name}!` : 'Olá!'}
        </h1>
        <p className="text-sm text-muted-foreground">Bem-vindo à sua área de cliente.</p>
        {dashboard.data?.sellerContactEmail && (
          <p className="text-sm" data-testid="seller-contact">
            Dúvidas sobre o robô ou a licença? Fale com o vendedor:{' '}
            <a className="break-all text-primary underline-offset-4 hover:underline" href={`mailto:${dashboard.data.sellerContactEmail}`}>
              {dashboard.data.sellerContactEmail}
            </a>
          </p>
        )}
      </div>
      <section aria-label="Resumo" aria-busy={dashboard.isPending}>
        {dashboard.data ? (
          <DashboardStatCards dashboard={dashboard.data} />
        ) : failed ? (
          <SectionError title="Erro ao carregar dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
        ) : (
          <DashboardStatCardsSkeleton />
        )}
      </section>
      <nav aria-label="Atalhos" className="flex flex-wrap gap-2">
        {shortcuts.map((item) => (
          <Button key={item.path} asChild variant="outline">
            <Link to={item.path}>
              <item.icon aria-hidden />
              {item.label}
            </Link>
          </Button>
        ))}
      </nav>
      <GettingStartedCard licenses={licenses.data?.licenses} webRequestUrl={licenses.data?.webRequestUrl} purchaseEmail={session?.user.email} />
    </div>
  )
}
