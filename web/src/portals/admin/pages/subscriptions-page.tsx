import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatBRL, formatDate, formatDateTime } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import {
  subscriptionsQuery,
  type Recurrence,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '@/features/admin-commerce/api/subscriptions'
import { ListPage, StatusBadge, useListParams } from '@/components/data'
import { SubscriptionDialog } from '@/features/admin-commerce/components/subscription-dialog'
import { labelOf } from '@/lib/labels'
import { recurrenceChoices, recurrenceLabels, subscriptionStatusChoices, subscriptionStatusLabels, subscriptionStatusTones } from '@/lib/commerce-labels'

const columns = [
  { label: 'ID Externo' },
  { label: 'Cliente' },
  { label: 'Valor', className: 'text-right' },
  { label: 'Recorrência' },
  { label: 'Status' },
  { label: 'Próxima Cobrança' },
  { label: 'Último Pagamento' },
  { label: 'Ações', srOnly: true, className: 'w-12' },
]

/** Subscriptions of every tenant: tenant, status and recurrence filters, search, create and edit. */
export function AdminSubscriptionsPage() {
  const list = useListParams(['q', 'tenantId', 'status', 'recurrence'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(
    subscriptionsQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      tenantId: list.filters.tenantId,
      status: (list.filters.status || undefined) as SubscriptionStatus | undefined,
      recurrence: (list.filters.recurrence || undefined) as Recurrence | undefined,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; subscription: SubscriptionItem | null }>({ open: false, subscription: null })

  return (
    <ListPage
      title="Assinaturas"
      description="Assinaturas recorrentes de todos os tenants."
      actions={
        <Button onClick={() => setDialog({ open: true, subscription: null })}>
          <PlusIcon aria-hidden />
          Nova Assinatura
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por ID externo ou cliente' }}
      filters={[
        { key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options },
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: subscriptionStatusChoices },
        { key: 'recurrence', label: 'Filtrar por recorrência', allLabel: 'Todas as recorrências', options: recurrenceChoices },
      ]}
      query={query}
      table={{
        label: 'Assinaturas',
        columns,
        empty: 'Nenhuma assinatura encontrada',
        errorFallback: 'Não foi possível carregar as assinaturas.',
        renderRow: (subscription) => (
          <TableRow key={subscription.id}>
            <TableCell className="font-mono text-xs">{subscription.externalId || subscription.id.slice(0, 8)}</TableCell>
            <TableCell>
              <div>{subscription.clientName ?? '—'}</div>
              <div className="text-xs text-muted-foreground">{subscription.tenantName}</div>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatBRL(subscription.amount)}</TableCell>
            <TableCell>{labelOf(recurrenceLabels, subscription.recurrence)}</TableCell>
            <TableCell>
              <StatusBadge tone={subscriptionStatusTones[subscription.status]}>{labelOf(subscriptionStatusLabels, subscription.status)}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(subscription.nextBillingDate)}</TableCell>
            <TableCell>
              <div>{formatDate(subscription.lastPaymentDate)}</div>
              {subscription.lastChargeAttempt && (
                <div className="text-xs text-muted-foreground">Última tentativa: {formatDateTime(subscription.lastChargeAttempt)}</div>
              )}
            </TableCell>
            <TableCell>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Editar assinatura ${subscription.externalId || subscription.id.slice(0, 8)}`}
                onClick={() => setDialog({ open: true, subscription })}
              >
                <PencilIcon aria-hidden />
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <SubscriptionDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        subscription={dialog.subscription}
      />
    </ListPage>
  )
}
