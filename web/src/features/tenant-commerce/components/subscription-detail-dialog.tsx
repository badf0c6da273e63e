import { useQuery } from '@tanstack/react-query'
import { StatusBadge } from '@/components/data'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { labelOf } from '@/lib/labels'
import { originLabels, recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'
import { formatBRL, formatDateTime } from '@/lib/format'
import { tenantSubscriptionDetailQuery, type OwnerSubscriptionDetail, type SubscriptionItem } from '../api/subscriptions'
import { BillingHistoryTable } from './billing-history-table'
import { CancellationRows } from './cancellation-notes'
import { clientLabel, DetailRow, DetailState, PayloadView } from './detail-parts'

/** The id a subscription is known by: its external id, or the first 8 characters of its own id. */
export function subscriptionDisplayId(subscription: Pick<SubscriptionItem, 'id' | 'externalId'>): string {
  return subscription.externalId?.trim() || subscription.id.slice(0, 8)
}

function SubscriptionInformation({ detail }: { detail: OwnerSubscriptionDetail }) {
  const { subscription } = detail
  return (
    <div className="grid gap-4">
      <dl>
        <DetailRow label="ID Externo">{subscription.externalId || '—'}</DetailRow>
        <DetailRow label="Cliente">{clientLabel(subscription)}</DetailRow>
        <DetailRow label="Origem">{labelOf(originLabels, subscription.origin)}</DetailRow>
        <DetailRow label="Valor">{formatBRL(subscription.amount)}</DetailRow>
        <DetailRow label="Recorrência">{labelOf(recurrenceLabels, subscription.recurrence)}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
        </DetailRow>
        <DetailRow label="Próxima cobrança">{formatDateTime(subscription.nextBillingDate)}</DetailRow>
        <DetailRow label="Último pagamento">{formatDateTime(subscription.lastPaymentDate)}</DetailRow>
        <DetailRow label="Última tentativa de cobrança">{formatDateTime(subscription.lastChargeAttempt)}</DetailRow>
        <DetailRow label="Data de cancelamento">{formatDateTime(subscription.cancellationDate)}</DetailRow>
        <CancellationRows subscription={subscription} />
        <DetailRow label="Criada em">{formatDateTime(subscription.createdAt)}</DetailRow>
      </dl>
      <section className="grid gap-2" aria-labelledby="billing-history-title">
        <h3 id="billing-history-title" className="text-sm font-semibold">
          Histórico de cobranças
        </h3>
        <BillingHistoryTable charges={detail.billingHistory} />
      </section>
    </div>
  )
}

function SubscriptionDetailBody({ id }: { id: string }) {
  const detail = useQuery(tenantSubscriptionDetailQuery(id))
  return (
    <DetailState query={detail} loadingLabel="Carregando assinatura" errorFallback="Erro ao carregar assinatura">
      {(data) => (
        <Tabs defaultValue="info">
          <TabsList>
            <TabsTrigger value="info">Informações</TabsTrigger>
            <TabsTrigger value="payload">Payload Original</TabsTrigger>
          </TabsList>
          <TabsContent value="info">
            <SubscriptionInformation detail={data} />
          </TabsContent>
          <TabsContent value="payload">
            <PayloadView payload={data.originalPayload} label="Payload original da assinatura" empty="Assinatura manual: sem payload." />
          </TabsContent>
        </Tabs>
      )}
    </DetailState>
  )
}

/** A subscription in full (GET /api/tenant/subscriptions/{id}): its data, its payments and the Hotmart payload. Display only. */
export function SubscriptionDetailDialog({
  subscription,
  onOpenChange,
}: {
  subscription: SubscriptionItem | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={subscription !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Detalhes da assinatura {subscription ? subscriptionDisplayId(subscription) : ''}</DialogTitle>
          <DialogDescription>Os dados da assinatura, suas cobranças e o payload original recebido da Hotmart.</DialogDescription>
        </DialogHeader>
        {subscription && <SubscriptionDetailBody id={subscription.id} />}
      </DialogContent>
    </Dialog>
  )
}
