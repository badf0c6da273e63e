import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon, PlusIcon } from 'lucide-react'
import { ListPage, StatusBadge, useListParams, type DataColumn } from '@/components/data'
import { Button } from '@/components/ui/button'
import { labelOf } from '@/lib/labels'
import { originChoices, saleStatusChoices, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { OriginBadge } from '@/features/admin-commerce/components/origin-badge'
import { tenantSalesQuery, type Origin, type SaleItem, type SaleStatus } from '@/features/tenant-commerce/api/sales'
import { ClientCell } from '@/features/tenant-commerce/components/client-cell'
import { ManualSaleDialog } from '@/features/tenant-commerce/components/manual-sale-dialog'
import { SaleDetailDialog, saleDisplayId } from '@/features/tenant-commerce/components/sale-detail-dialog'
import { formatBRL, formatDateTime } from '@/lib/format'

/** The sale's columns; on a phone, a card headed by the client with the amount, status and "Detalhes" in view. */
function saleColumns(showDetail: (sale: SaleItem) => void): DataColumn<SaleItem>[] {
  return [
    { label: 'Cliente', card: 'title', cell: (sale) => <ClientCell record={sale} /> },
    { label: 'Origem', cell: (sale) => <OriginBadge sale={sale} /> },
    { label: 'ID Externo', cell: (sale) => <span className="font-mono text-xs">{sale.externalId || '—'}</span> },
    { label: 'Valor Pago', className: 'text-right tabular-nums', cell: (sale) => formatBRL(sale.amountPaidByCustomer) },
    { label: 'Valor Líquido', className: 'text-right tabular-nums', cell: (sale) => formatBRL(sale.netAmount) },
    { label: 'Data', cell: (sale) => formatDateTime(sale.saleDate ?? sale.createdAt) },
    {
      label: 'Status',
      card: 'status',
      cell: (sale) => <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge>,
    },
    {
      label: 'Ações',
      card: 'actions',
      cell: (sale) => (
        <Button variant="ghost" size="sm" aria-label={`Detalhes da venda ${saleDisplayId(sale)}`} onClick={() => showDetail(sale)}>
          <EyeIcon aria-hidden />
          Detalhes
        </Button>
      ),
    },
  ]
}

/**
 * The owner's sales (Hotmart and manual): search by external id, status and origin filters, details, and "Registrar venda"
 * for a sale paid outside Hotmart.
 */
export function TenantSalesPage() {
  const list = useListParams(['q', 'status', 'origin'] as const)
  const query = useQuery(
    tenantSalesQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      status: (list.filters.status || undefined) as SaleStatus | undefined,
      origin: (list.filters.origin || undefined) as Origin | undefined,
    }),
  )
  const [detail, setDetail] = React.useState<SaleItem | null>(null)
  const [recording, setRecording] = React.useState(false)

  return (
    <ListPage
      title="Vendas"
      description="Vendas da Hotmart e manuais dos seus robôs."
      actions={
        <Button onClick={() => setRecording(true)}>
          <PlusIcon aria-hidden />
          Registrar venda
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por ID externo' }}
      filters={[
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: saleStatusChoices },
        { key: 'origin', label: 'Filtrar por origem', allLabel: 'Todas as origens', options: originChoices },
      ]}
      query={query}
      table={{
        label: 'Vendas',
        empty: list.hasFilters ? 'Nenhuma venda encontrada para os filtros escolhidos' : 'Nenhuma venda registrada ainda',
        errorTitle: 'Erro ao carregar vendas',
        errorFallback: 'Verifique sua conexão e tente novamente.',
        columns: saleColumns(setDetail),
        rowKey: (sale) => sale.id,
      }}
    >
      <SaleDetailDialog sale={detail} onOpenChange={(open) => !open && setDetail(null)} />
      <ManualSaleDialog open={recording} onOpenChange={setRecording} />
    </ListPage>
  )
}
