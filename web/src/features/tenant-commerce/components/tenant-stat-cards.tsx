import { BotIcon, DollarSignIcon, KeyRoundIcon, UsersIcon } from 'lucide-react'
import { formatCount } from '@/components/dashboard/chart-format'
import { StatCard, StatCardsSkeleton, statGridClass, type StatCardProps } from '@/components/dashboard/stat-card'
import { formatBRL } from '@/lib/format'
import type { TenantStats } from '../api/stats'

function cardsOf(stats: TenantStats): StatCardProps[] {
  return [
    { title: 'Total de Clientes', icon: UsersIcon, value: formatCount(stats.totalClients), hint: 'Clientes cadastrados' },
    { title: 'Licenças Ativas', icon: KeyRoundIcon, value: formatCount(stats.activeLicenses), hint: 'Ativas ou em teste, dentro da validade' },
    { title: 'Receita do Mês', icon: DollarSignIcon, value: formatBRL(stats.monthlyRevenue), hint: 'Vendas confirmadas neste mês' },
    { title: 'Robôs Cadastrados', icon: BotIcon, value: formatCount(stats.totalRobots), hint: 'Robôs disponíveis para licenciar' },
  ]
}

/** The owner's four figures: clients, active licenses, this month's revenue (BRL) and robots; two a row on a phone. */
export function TenantStatCards({ stats }: { stats: TenantStats }) {
  const cards = cardsOf(stats)
  return (
    <div className={statGridClass(cards.length)}>
      {cards.map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </div>
  )
}

export function TenantStatCardsSkeleton() {
  return <StatCardsSkeleton count={4} />
}
