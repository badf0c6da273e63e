import { RepeatIcon } from 'lucide-react'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { PageHeading } from '@/components/page-heading'
import { useClientSubscriptions } from '@/features/client-area/api/subscriptions'
import { CARD_GRID, CardsSkeleton, EmptyCard } from '@/features/client-area/components/card-list-states'
import { SubscriptionCard } from '@/features/client-area/components/subscription-card'

function SubscriptionsContent() {
  const subscriptions = useClientSubscriptions()
  if (subscriptions.isPending) return <CardsSkeleton />
  if (!subscriptions.data) {
    return (
      <SectionError
        title="Erro ao carregar assinaturas"
        error={subscriptions.error}
        onRetry={() => void subscriptions.refetch()}
        retrying={subscriptions.isFetching}
      />
    )
  }
  if (subscriptions.data.length === 0) {
    return <EmptyCard icon={<RepeatIcon />} title="Você ainda não possui nenhuma assinatura." hint="Suas assinaturas de robôs aparecerão aqui." />
  }
  return (
    <div className={CARD_GRID}>
      {subscriptions.data.map((subscription) => (
        <SubscriptionCard key={subscription.id} subscription={subscription} />
      ))}
    </div>
  )
}

/** /subscriptions: the client's subscriptions; active ones can be cancelled. */
export function ClientSubscriptionsPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Minhas Assinaturas" description="Acompanhe e gerencie suas assinaturas" />
      <SubscriptionsContent />
    </div>
  )
}
