import { useId, useState } from 'react'
import { InfoIcon, XCircleIcon } from 'lucide-react'
import { StatusBadge } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatBRL, formatDate } from '@/lib/format'
import { useCancelSubscription, type ClientCancelResult, type ClientSubscriptionItem } from '../api/subscriptions'
import { labelOf, recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '../labels'
import { Detail } from './card-list-states'
import { CancelSubscriptionDialog } from './cancel-subscription-dialog'
import { HotmartCancelDialog } from './hotmart-cancel-dialog'
import { HotmartCancelSteps } from './hotmart-cancel-steps'

/** The toast for how a cancellation ended: the server's own words (it alone knows whether billing stopped). */
function announce({ outcome, message }: ClientCancelResult) {
  toast(outcome === 'requested' ? { title: 'Pedido registrado', description: message } : { title: 'Assinatura cancelada', description: message })
}

/**
 * One subscription: plan, status, price and dates. An active one can be cancelled, after a confirmation: here (the
 * platform tells Hotmart when Hotmart bills it), or — when only Hotmart can stop the billing — by the client at
 * Hotmart, with the steps shown and the seller told; such a subscription stays active until Hotmart cancels it.
 */
export function SubscriptionCard({ subscription }: { subscription: ClientSubscriptionItem }) {
  const titleId = useId()
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelSubscription()
  const recurrence = labelOf(recurrenceLabels, subscription.recurrence)
  const active = subscription.status === 'active'
  const atHotmart = subscription.cancelsAtHotmart
  const requestedAt = active && atHotmart ? subscription.cancellationRequestedAt : null

  const confirm = () =>
    cancel.mutate(subscription.id, {
      onSuccess: (result) => {
        announce(result)
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
        <div className="flex flex-wrap justify-end gap-1">
          <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
          {requestedAt && <StatusBadge tone="warning">Cancelamento solicitado</StatusBadge>}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3">
          <Detail label="Recorrência">{recurrence}</Detail>
          <Detail label="Próxima cobrança">{active ? formatDate(subscription.nextChargeDate) : '—'}</Detail>
          <Detail label="Início">{formatDate(subscription.startDate)}</Detail>
          {subscription.lastPaymentDate && <Detail label="Último pagamento">{formatDate(subscription.lastPaymentDate)}</Detail>}
          {subscription.cancellationDate && <Detail label="Cancelada em">{formatDate(subscription.cancellationDate)}</Detail>}
        </dl>
        {requestedAt && (
          <Alert variant="warning" role="status">
            <InfoIcon aria-hidden />
            <AlertTitle>Cancelamento solicitado em {formatDate(requestedAt)}</AlertTitle>
            <AlertDescription>
              <p>O vendedor foi avisado. Para cancelar a cobrança, acesse sua conta na Hotmart; até lá, a assinatura continua ativa.</p>
              <HotmartCancelSteps />
            </AlertDescription>
          </Alert>
        )}
        {active && !requestedAt && (
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
            <XCircleIcon aria-hidden />
            Cancelar assinatura
          </Button>
        )}
      </CardContent>
      {atHotmart ? (
        <HotmartCancelDialog open={confirming} onOpenChange={setConfirming} pending={cancel.isPending} onNotifySeller={confirm} />
      ) : (
        <CancelSubscriptionDialog open={confirming} onOpenChange={setConfirming} recurrence={recurrence} pending={cancel.isPending} onConfirm={confirm} />
      )}
    </Card>
  )
}
