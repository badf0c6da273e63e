import { useId } from 'react'
import type { LucideIcon } from 'lucide-react'
import {
  ActivityIcon,
  BotIcon,
  Building2Icon,
  CircleCheckIcon,
  DollarSignIcon,
  MinusIcon,
  RepeatIcon,
  ShoppingCartIcon,
  TrendingDownIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/class-names'
import { formatBRL } from '@/lib/format'
import { formatCount } from '@/components/dashboard/chart-format'
import type { DashboardStats } from '../api/dashboard'
import { describeTrend, type TrendDirection } from '../dashboard-format'

interface StatCardModel {
  title: string
  icon: LucideIcon
  value: string
  /** Month-over-month change in percent; undefined when the card has no trend at all. */
  trend?: number | null
  /** Shown instead of a trend. */
  hint?: string
}

function cardsOf(stats: DashboardStats): StatCardModel[] {
  const { trends } = stats
  return [
    { title: 'Total de Tenants', icon: Building2Icon, value: formatCount(stats.totalTenants), trend: trends.tenants ?? null },
    {
      title: 'Tenants Ativos',
      icon: CircleCheckIcon,
      value: formatCount(stats.activeTenants),
      hint: `de ${formatCount(stats.totalTenants)} no total`,
    },
    { title: 'Total de Clientes', icon: UsersIcon, value: formatCount(stats.totalClients), trend: trends.clients ?? null },
    { title: 'Robôs Cadastrados', icon: BotIcon, value: formatCount(stats.totalRobots), trend: trends.robots ?? null },
    { title: 'Vendas do Mês', icon: ShoppingCartIcon, value: formatCount(stats.monthlySales), trend: trends.sales ?? null },
    { title: 'Receita do Mês', icon: DollarSignIcon, value: formatBRL(stats.monthlyRevenue), trend: trends.revenue ?? null },
    { title: 'Assinaturas Ativas', icon: RepeatIcon, value: formatCount(stats.activeSubscriptions), trend: trends.subscriptions ?? null },
  ]
}

export const STAT_CARD_COUNT = 7

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'

const trendStyle: Record<TrendDirection, { icon: LucideIcon; className: string }> = {
  // The darker shades keep 4.5:1 contrast on the card; the sign carries the meaning without colour.
  up: { icon: TrendingUpIcon, className: 'text-emerald-700 dark:text-emerald-400' },
  down: { icon: TrendingDownIcon, className: 'text-destructive' },
  flat: { icon: MinusIcon, className: 'text-muted-foreground' },
  unknown: { icon: ActivityIcon, className: 'text-muted-foreground' },
}

export function TrendLabel({ percent }: { percent: number | null | undefined }) {
  const { direction, text } = describeTrend(percent)
  const { icon: Icon, className } = trendStyle[direction]
  return (
    <p className={cn('flex items-center gap-1 text-xs', className)} data-trend={direction}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  )
}

function StatCard({ card }: { card: StatCardModel }) {
  const titleId = useId()
  const Icon = card.icon
  return (
    <Card role="group" aria-labelledby={titleId} className="gap-2 py-5">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-5">
        <CardTitle id={titleId} className="text-sm font-medium text-muted-foreground">
          {card.title}
        </CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-1 px-5">
        <p className="text-2xl font-bold tabular-nums">{card.value}</p>
        {card.trend !== undefined ? <TrendLabel percent={card.trend} /> : <p className="text-xs text-muted-foreground">{card.hint}</p>}
      </CardContent>
    </Card>
  )
}

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className={GRID}>
      {cardsOf(stats).map((card) => (
        <StatCard key={card.title} card={card} />
      ))}
    </div>
  )
}

export function StatCardsSkeleton() {
  return (
    <div className={GRID} data-testid="stat-cards-skeleton">
      {Array.from({ length: STAT_CARD_COUNT }, (_, index) => (
        <Card key={index} className="gap-3 py-5">
          <CardHeader className="px-5">
            <Skeleton className="h-4 w-28" />
          </CardHeader>
          <CardContent className="space-y-2 px-5">
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-32" />
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
