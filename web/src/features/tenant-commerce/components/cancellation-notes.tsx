import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import type { SubscriptionItem } from '../api/subscriptions'
import { DetailRow } from './detail-parts'

type Cancellation = Pick<
  SubscriptionItem,
  'status' | 'cancellationRequestedAt' | 'hotmartCancelStatus' | 'hotmartCancelMessage' | 'hotmartCancelAt'
>

/** Hotmart's answer when the portal asked it to cancel counts as a confirmation when the subscription ended with it. */
function hotmartConfirmed(subscription: Cancellation) {
  return subscription.status === 'cancelled' && Boolean(subscription.hotmartCancelStatus)
}

/**
 * In the list, beside the status: a client asked to cancel a subscription only Hotmart can stop (it is still active
 * and billed), or Hotmart did not accept the portal's cancel.
 */
export function CancellationBadge({ subscription }: { subscription: Cancellation }) {
  if (subscription.status !== 'active') return null
  if (subscription.cancellationRequestedAt) {
    return (
      <Badge variant="warning" title="O cliente pediu o cancelamento; a cobrança continua até ser cancelada na Hotmart.">
        Cancelamento pedido
      </Badge>
    )
  }
  if (subscription.hotmartCancelStatus) {
    return (
      <Badge variant="destructive" title={subscription.hotmartCancelMessage ?? undefined}>
        Hotmart recusou o cancelamento
      </Badge>
    )
  }
  return null
}

/** In the details: the client's request to cancel, and Hotmart's answer to the portal's cancel call. */
export function CancellationRows({ subscription }: { subscription: Cancellation }) {
  return (
    <>
      {subscription.cancellationRequestedAt && (
        <DetailRow label="Cancelamento pedido pelo cliente">
          {formatDateTime(subscription.cancellationRequestedAt)}
          {subscription.status === 'active' && (
            <span className="block text-xs text-muted-foreground">
              A Hotmart continua cobrando até a assinatura ser cancelada lá. Cancele-a no painel da Hotmart, ou configure a API da
              Hotmart em Configurações para que os próximos cancelamentos cheguem lá sozinhos.
            </span>
          )}
        </DetailRow>
      )}
      {subscription.hotmartCancelStatus && (
        <DetailRow label="Resposta da Hotmart ao cancelamento">
          <span className="font-medium">{hotmartConfirmed(subscription) ? 'Cancelada na Hotmart' : 'Não cancelada'}</span>{' '}
          <code className="text-xs">{subscription.hotmartCancelStatus}</code>
          {subscription.hotmartCancelMessage && <span className="block text-xs text-muted-foreground">{subscription.hotmartCancelMessage}</span>}
          {subscription.hotmartCancelAt && <span className="block text-xs text-muted-foreground">{formatDateTime(subscription.hotmartCancelAt)}</span>}
        </DetailRow>
      )}
    </>
  )
}
