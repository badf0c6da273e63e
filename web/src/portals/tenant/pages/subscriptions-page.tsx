import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon } from 'lucide-react'
import { ListPage, StatusBadge, useListParams } from '@/components/data'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { labelOf } from '@/lib/labels'
import { originLabels, recurrenceChoices, recurrenceLabels, subscriptionStatusChoices, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'
import {
  tenantSubscriptionsQuery,
  type Recurrence,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '@/features/tenant-commerce/api/subscriptions'
import { CancellationBadge } from '@/features/tenant-commerce/components/cancellation-notes'
import { ClientCell } from '@/features/tenant-commerce/components/client-cell'
import { SubscriptionDetailDialog, subscriptionDisplayId } from '@/features/tenant-commerce/components/subscription-detail-dialog'
import { formatBRL, formatDate, formatDateTime } from '@/lib/format'

const columns = [
  { label: 'Cliente' },
  { label: 'Origem' },
  { label: 'Valor', className: 'text-right' },
  { label: 'Recorrência' },
  { label: 'Próxima Cobrança' },
  { label: 'Status' },
  { label: 'Ações', srOnly: true },
]

/** The owner's recurring subscriptions: search, status and recurrence filters, details with the payments. Display only. */
export function TenantSubscriptionsPage() {
  const list = useListParams(['q', 'status', 'recurrence'] as const)
  const query = useQuery(
    tenantSubscriptionsQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      status: (list.filters.status || undefined) as SubscriptionStatus | undefined,
      recurrence: (list.filters.recurrence || undefined) as Recurrence | undefined,
    }),
  )
  const [detail, setDetail] = React.useState<SubscriptionItem | null>(null)

  return (
    <ListPage
      title="Assinaturas"
      description="Assinaturas recorrentes dos seus clientes."
      list={list}
      search={{ key: 'q', label: 'Buscar por ID externo ou cliente' }}
      filters={[
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: subscriptionStatusChoices },
        { key: 'recurrence', label: 'Filtrar por recorrência', allLabel: 'Todas as recorrências', options: recurrenceChoices },
      ]}
      query={query}
      table={{
        label: 'Assinaturas',
        columns,
        empty: list.hasFilters ? 'Nenhuma assinatura encontrada para os filtros escolhidos' : 'Nenhuma assinatura registrada ainda',
        errorTitle: 'Erro ao carregar assinaturas',
        errorFallback: 'Verifique sua conexão e tente novamente.',
        renderRow: (subscription) => (
          <TableRow key={subscription.id}>
            <TableCell>
              <ClientCell record={subscription} />
            </TableCell>
            <TableCell>{labelOf(originLabels, subscription.origin)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatBRL(subscription.amount)}</TableCell>
            <TableCell>{labelOf(recurrenceLabels, subscription.recurrence)}</TableCell>
            <TableCell>
              <div>{formatDate(subscription.nextBillingDate)}</div>
              {subscription.lastChargeAttempt && (
                <div className="text-xs text-muted-foreground">Última tentativa: {formatDateTime(subscription.lastChargeAttempt)}</div>
              )}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
                <CancellationBadge subscription={subscription} />
              </div>
            </TableCell>
            <TableCell>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Detalhes da assinatura ${subscriptionDisplayId(subscription)}`}
                onClick={() => setDetail(subscription)}
              >
                <EyeIcon aria-hidden />
                Detalhes
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <SubscriptionDetailDialog subscription={detail} onOpenChange={(open) => !open && setDetail(null)} />
    </ListPage>
  )
}
