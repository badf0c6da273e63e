import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { formatBRL, formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { originLabels, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import type { ClientSale } from '../../api/clients'
import { SectionCard } from '@/components/section-card'

/** A purchase's columns; on a phone, a card headed by the date, with the amount and status in view. */
const columns: DataColumn<ClientSale>[] = [
  { label: 'Data', card: 'title', cell: (sale) => formatDateTime(sale.saleDate ?? sale.createdAt) },
  { label: 'ID Externo', cell: (sale) => <span className="font-mono">{sale.externalId || '—'}</span> },
  { label: 'Origem', cell: (sale) => labelOf(originLabels, sale.origin) },
  { label: 'Valor Pago', cell: (sale) => formatBRL(sale.amountPaidByCustomer ?? sale.grossAmount) },
  { label: 'Valor Líquido', cell: (sale) => formatBRL(sale.netAmount) },
  { label: 'Status', card: 'status', cell: (sale) => <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge> },
]

/** The client's purchases, newest first. */
export function ClientSales({ sales }: { sales: ClientSale[] }) {
  return (
    <SectionCard id="sales" title="Histórico de compras">
      <ResponsiveTable label="Histórico de compras" columns={columns} items={sales} rowKey={(sale) => sale.id} placeholder="Nenhuma compra registrada" />
    </SectionCard>
  )
}
