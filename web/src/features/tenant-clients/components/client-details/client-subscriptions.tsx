import { TableCell, TableRow } from '@/components/ui/table'
import { StatusBadge } from '@/components/data'
import { formatBRL, formatDate } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { originLabels, recurrenceLabels, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'
import type { ClientSubscription } from '../../api/clients'
import { SectionCard, SectionTable } from './section-card'

const columns = [
  { label: 'Recorrência' },
  { label: 'Valor' },
  { label: 'Status' },
  { label: 'Próxima Cobrança' },
  { label: 'Último Pagamento' },
  { label: 'Origem' },
]

/** The client's subscriptions (display only: they come from the marketplace or were entered by the admin). */
export function ClientSubscriptions({ subscriptions }: { subscriptions: ClientSubscription[] }) {
  return (
    <SectionCard id="subscriptions" title="Assinaturas">
      <SectionTable
        label="Assinaturas"
        columns={columns}
        items={subscriptions}
        empty="Nenhuma assinatura"
        renderRow={(subscription) => (
          <TableRow key={subscription.id}>
            <TableCell className="font-medium">{labelOf(recurrenceLabels, subscription.recurrence)}</TableCell>
            <TableCell>{formatBRL(subscription.amount)}</TableCell>
            <TableCell>
              <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(subscription.nextBillingDate)}</TableCell>
            <TableCell>{formatDate(subscription.lastPaymentDate)}</TableCell>
            <TableCell>{labelOf(originLabels, subscription.origin)}</TableCell>
          </TableRow>
        )}
      />
    </SectionCard>
  )
}
