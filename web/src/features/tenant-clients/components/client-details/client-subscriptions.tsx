import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { formatBRL, formatDate } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { originLabels, recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'
import type { ClientSubscription } from '../../api/clients'
import { SectionCard } from '@/components/section-card'

/** A subscription's columns; on a phone, a card headed by the recurrence, with the amount and status in view. */
const columns: DataColumn<ClientSubscription>[] = [
  { label: 'Recorrência', className: 'font-medium', card: 'title', cell: (subscription) => labelOf(recurrenceLabels, subscription.recurrence) },
  { label: 'Valor', cell: (subscription) => formatBRL(subscription.amount) },
  {
    label: 'Status',
    card: 'status',
    cell: (subscription) => (
      <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
    ),
  },
  { label: 'Próxima Cobrança', cell: (subscription) => formatDate(subscription.nextBillingDate) },
  { label: 'Último Pagamento', cell: (subscription) => formatDate(subscription.lastPaymentDate) },
  { label: 'Origem', cell: (subscription) => labelOf(originLabels, subscription.origin) },
]

/** The client's subscriptions (display only: they come from the marketplace or were entered by the admin). */
export function ClientSubscriptions({ subscriptions }: { subscriptions: ClientSubscription[] }) {
  return (
    <SectionCard id="subscriptions" title="Assinaturas">
      <ResponsiveTable label="Assinaturas" columns={columns} items={subscriptions} rowKey={(subscription) => subscription.id} placeholder="Nenhuma assinatura" />
    </SectionCard>
  )
}
