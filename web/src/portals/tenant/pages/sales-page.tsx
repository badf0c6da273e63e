import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon, PlusIcon } from 'lucide-react'
import { ListPage, StatusBadge, useListParams } from '@/components/data'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { labelOf } from '@/lib/labels'
import { originChoices, saleStatusChoices, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { OriginBadge } from '@/features/admin-commerce/components/origin-badge'
import { tenantSalesQuery, type Origin, type SaleItem, type SaleStatus } from '@/features/tenant-commerce/api/sales'
import { ClientCell } from '@/features/tenant-commerce/components/client-cell'
import { ManualSaleDialog } from '@/features/tenant-commerce/components/manual-sale-dialog'
import { SaleDetailDialog, saleDisplayId } from '@/features/tenant-commerce/components/sale-detail-dialog'
import { formatBRL, formatDateTime } from '@/lib/format'

const columns = [
  { label: 'Cliente' },
  { label: 'Origem' },
  { label: 'ID Externo' },
  { label: 'Valor Pago', className: 'text-right' },
  { label: 'Valor Líquido', className: 'text-right' },
  { label: 'Data' },
  { label: 'Status' },
  { label: 'Ações', srOnly: true },
]

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
        columns,
        empty: list.hasFilters ? 'Nenhuma venda encontrada para os filtros escolhidos' : 'Nenhuma venda registrada ainda',
        errorTitle: 'Erro ao carregar vendas',
        errorFallback: 'Verifique sua conexão e tente novamente.',
        renderRow: (sale) => (
          <TableRow key={sale.id}>
            <TableCell>
              <ClientCell record={sale} />
            </TableCell>
            <TableCell>
              <OriginBadge sale={sale} />
            </TableCell>
            <TableCell className="font-mono text-xs">{sale.externalId || '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{formatBRL(sale.amountPaidByCustomer)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatBRL(sale.netAmount)}</TableCell>
            <TableCell>{formatDateTime(sale.saleDate ?? sale.createdAt)}</TableCell>
            <TableCell>
              <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge>
            </TableCell>
            <TableCell>
              <Button variant="ghost" size="sm" aria-label={`Detalhes da venda ${saleDisplayId(sale)}`} onClick={() => setDetail(sale)}>
                <EyeIcon aria-hidden />
                Detalhes
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <SaleDetailDialog sale={detail} onOpenChange={(open) => !open && setDetail(null)} />
      <ManualSaleDialog open={recording} onOpenChange={setRecording} />
    </ListPage>
  )
}
