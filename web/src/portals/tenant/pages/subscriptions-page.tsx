import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon } from 'lucide-react'
import { ListPage, StatusBadge, useListParams, type DataColumn } from '@/components/data'
import { Button } from '@/components/ui/button'
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

/** A subscription's columns; on a phone, a card headed by the client, with the amount, status and "Detalhes" in view. */
function subscriptionColumns(showDetail: (subscription: SubscriptionItem) => void): DataColumn<SubscriptionItem>[] {
  return [
    { label: 'Cliente', card: 'title', cell: (subscription) => <ClientCell record={subscription} /> },
    { label: 'Origem', cell: (subscription) => labelOf(originLabels, subscription.origin) },
    { label: 'Valor', className: 'text-right tabular-nums', cell: (subscription) => formatBRL(subscription.amount) },
    { label: 'Recorrência', cell: (subscription) => labelOf(recurrenceLabels, subscription.recurrence) },
    {
      label: 'Próxima Cobrança',
      cell: (subscription) => (
        <>
          <div>{formatDate(subscription.nextBillingDate)}</div>
          {subscription.lastChargeAttempt && (
            <div className="text-xs text-muted-foreground">Última tentativa: {formatDateTime(subscription.lastChargeAttempt)}</div>
          )}
        </>
      ),
    },
    {
      label: 'Status',
      card: 'status',
      cell: (subscription) => (
        <div className="flex flex-wrap justify-end gap-1 md:justify-start">
          <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
          <CancellationBadge subscription={subscription} />
        </div>
      ),
    },
    {
      label: 'Ações',
      card: 'actions',
      cell: (subscription) => (
        <Button variant="ghost" size="sm" aria-label={`Detalhes da assinatura ${subscriptionDisplayId(subscription)}`} onClick={() => showDetail(subscription)}>
          <EyeIcon aria-hidden />
          Detalhes
        </Button>
      ),
    },
  ]
}

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
        empty: list.hasFilters ? 'Nenhuma assinatura encontrada para os filtros escolhidos' : 'Nenhuma assinatura registrada ainda',
        errorTitle: 'Erro ao carregar assinaturas',
        errorFallback: 'Verifique sua conexão e tente novamente.',
        columns: subscriptionColumns(setDetail),
        rowKey: (subscription) => subscription.id,
      }}
    >
      <SubscriptionDetailDialog subscription={detail} onOpenChange={(open) => !open && setDetail(null)} />
    </ListPage>
  )
}
