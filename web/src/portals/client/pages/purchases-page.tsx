import { useState } from 'react'
import { ReceiptIcon } from 'lucide-react'
import { PaginationBar, PAGE_SIZE, ResponsiveTable, StatusBadge, type DataColumn, type StatusTone } from '@/components/data'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { PageHeading } from '@/components/page-heading'
import { useClientPurchases, type ClientPurchaseItem } from '@/features/client-area/api/purchases'
import { EmptyCard } from '@/features/client-area/components/card-list-states'
import { formatBRL, formatDateTime } from '@/lib/format'

const statusTones: Record<ClientPurchaseItem['status'], StatusTone> = { confirmed: 'success', pending: 'warning', refunded: 'destructive' }

/** The amount in its currency (BRL as "R$ 497,00"). */
export function formatAmount(amount: string | null | undefined, currency: string): string {
  if (amount == null) return '—'
  if (!currency || currency === 'BRL') return formatBRL(amount)
  const value = Number(amount)
  if (!Number.isFinite(value)) return '—'
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: currency || 'BRL' }).format(value)
  } catch {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value)
  }
}

/** A purchase's columns; on a phone, a card headed by the robot with the status beside it and the amount in view. */
const columns: DataColumn<ClientPurchaseItem>[] = [
  { label: 'Robô', card: 'title', cell: (purchase) => <span className="font-medium">{purchase.robotName ?? 'Robô removido'}</span> },
  { label: 'Data', cell: (purchase) => formatDateTime(purchase.purchasedAt) },
  { label: 'Valor', className: 'text-right tabular-nums', cell: (purchase) => formatAmount(purchase.amount, purchase.currency) },
  { label: 'Status', card: 'status', cell: (purchase) => <StatusBadge tone={statusTones[purchase.status]}>{purchase.statusLabel}</StatusBadge> },
  { label: 'Plataforma', cell: (purchase) => purchase.platformLabel },
  {
    label: 'ID da compra',
    cell: (purchase) => <span className="font-mono text-xs break-all">{purchase.externalId ?? purchase.id.slice(0, 8)}</span>,
  },
]

function PurchasesContent() {
  const [page, setPage] = useState(1)
  const purchases = useClientPurchases(page)
  if (purchases.isError && !purchases.data) {
    return (
      <SectionError
        title="Erro ao carregar compras"
        error={purchases.error}
        onRetry={() => void purchases.refetch()}
        retrying={purchases.isFetching}
      />
    )
  }
  if (purchases.data && purchases.data.total === 0) {
    return <EmptyCard icon={<ReceiptIcon />} title="Você ainda não tem compras registradas." hint="Quando você comprar um robô, a compra aparece aqui." />
  }
  return (
    <div className="space-y-4">
      <ResponsiveTable
        label="Minhas compras"
        columns={columns}
        items={purchases.data?.items ?? []}
        rowKey={(purchase) => purchase.id}
        loading={purchases.isPending}
        placeholder="Nenhuma compra nesta página."
      />
      <PaginationBar page={page} pageSize={PAGE_SIZE} data={purchases.data} onPageChange={setPage} />
    </div>
  )
}

/** /purchases: the buyer's purchase history, newest first (cards below 768 px, a table above). */
export function ClientPurchasesPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Minhas compras" description="Seu histórico de compras com este vendedor" />
      <PurchasesContent />
    </div>
  )
}
