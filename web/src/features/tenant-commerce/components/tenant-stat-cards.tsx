import { useId } from 'react'
import { BotIcon, DollarSignIcon, KeyRoundIcon, UsersIcon, type LucideIcon } from 'lucide-react'
import { formatCount } from '@/components/dashboard/chart-format'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatBRL } from '@/lib/format'
import type { TenantStats } from '../api/stats'

interface StatCardModel {
  title: string
  icon: LucideIcon
  value: string
  hint: string
}

function cardsOf(stats: TenantStats): StatCardModel[] {
  return [
    { title: 'Total de Clientes', icon: UsersIcon, value: formatCount(stats.totalClients), hint: 'Clientes cadastrados' },
    { title: 'Licenças Ativas', icon: KeyRoundIcon, value: formatCount(stats.activeLicenses), hint: 'Ativas ou em teste, dentro da validade' },
    { title: 'Receita do Mês', icon: DollarSignIcon, value: formatBRL(stats.monthlyRevenue), hint: 'Vendas confirmadas neste mês' },
    { title: 'Robôs Cadastrados', icon: BotIcon, value: formatCount(stats.totalRobots), hint: 'Robôs disponíveis para licenciar' },
  ]
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4'

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
        <p className="text-xs text-muted-foreground">{card.hint}</p>
      </CardContent>
    </Card>
  )
}

/** The owner's four figures: clients, active licenses, this month's revenue (BRL) and robots. */
export function TenantStatCards({ stats }: { stats: TenantStats }) {
  return (
    <div className={GRID}>
      {cardsOf(stats).map((card) => (
        <StatCard key={card.title} card={card} />
      ))}
    </div>
  )
}

export function TenantStatCardsSkeleton() {
  return (
    <div className={GRID} data-testid="stat-cards-skeleton">
      {Array.from({ length: 4 }, (_, index) => (
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
