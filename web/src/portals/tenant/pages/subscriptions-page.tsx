import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon } from 'lucide-react'
import { FilterBar, FilterSelect, ListTable, PaginationBar, SearchBox, StatusBadge, useListParams } from '@/components/data'
import { PageHeading } from '@/components/page-heading'
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
    <div className="space-y-6">
      <PageHeading title="Assinaturas" description="Assinaturas recorrentes dos seus clientes." />
      <FilterBar>
        <SearchBox label="Buscar por ID externo ou cliente" value={list.filters.q} onChange={(value) => list.setFilter('q', value)} />
        <FilterSelect
          label="Filtrar por status"
          allLabel="Todos os status"
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
          options={subscriptionStatusChoices}
        />
        <FilterSelect
          label="Filtrar por recorrência"
          allLabel="Todas as recorrências"
          value={list.filters.recurrence}
          onChange={(value) => list.setFilter('recurrence', value)}
          options={recurrenceChoices}
        />
      </FilterBar>
      <ListTable
        label="Assinaturas"
        columns={columns}
        query={query}
        empty={list.hasFilters ? 'Nenhuma assinatura encontrada para os filtros escolhidos' : 'Nenhuma assinatura registrada ainda'}
        errorTitle="Erro ao carregar assinaturas"
        errorFallback="Verifique sua conexão e tente novamente."
        renderRow={(subscription) => (
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
        )}
      />
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
      <SubscriptionDetailDialog subscription={detail} onOpenChange={(open) => !open && setDetail(null)} />
    </div>
  )
}
