import { useId, useState } from 'react'
import { XCircleIcon } from 'lucide-react'
import { StatusBadge } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatBRL, formatDate } from '@/lib/format'
import { useCancelSubscription, type ClientSubscriptionItem } from '../api/subscriptions'
import { labelOf, recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '../labels'
import { Detail } from './card-list-states'
import { CancelSubscriptionDialog } from './cancel-subscription-dialog'

/** One subscription: plan, status, price and dates; an active one can be cancelled (after a confirmation). */
export function SubscriptionCard({ subscription }: { subscription: ClientSubscriptionItem }) {
  const titleId = useId()
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelSubscription()
  const recurrence = labelOf(recurrenceLabels, subscription.recurrence)
  const active = subscription.status === 'active'

  const confirm = () =>
    cancel.mutate(subscription.id, {
      onSuccess: () => {
        toast({ title: 'Assinatura cancelada', description: 'Você não será mais cobrado por esta assinatura.' })
        setConfirming(false)
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao cancelar assinatura', description: errorMessage(error, 'Não foi possível cancelar. Tente novamente.') })
        setConfirming(false)
      },
    })

  return (
    <Card role="article" aria-labelledby={titleId} data-testid="subscription-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id={titleId} role="heading" aria-level={2} className="text-lg">
            Assinatura {recurrence}
          </CardTitle>
          <p className="text-2xl font-bold tabular-nums">{formatBRL(subscription.amount)}</p>
        </div>
        <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3">
          <Detail label="Recorrência">{recurrence}</Detail>
          <Detail label="Próxima cobrança">{active ? formatDate(subscription.nextChargeDate) : '—'}</Detail>
          <Detail label="Início">{formatDate(subscription.startDate)}</Detail>
          {subscription.lastPaymentDate && <Detail label="Último pagamento">{formatDate(subscription.lastPaymentDate)}</Detail>}
          {subscription.cancellationDate && <Detail label="Cancelada em">{formatDate(subscription.cancellationDate)}</Detail>}
        </dl>
        {active && (
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
            <XCircleIcon aria-hidden />
            Cancelar assinatura
          </Button>
        )}
      </CardContent>
      <CancelSubscriptionDialog
        open={confirming}
        onOpenChange={setConfirming}
        recurrence={recurrence}
        pending={cancel.isPending}
        onConfirm={confirm}
      />
    </Card>
  )
}
