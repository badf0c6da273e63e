import { TableCell, TableRow } from '@/components/ui/table'
import { StatusBadge } from '@/components/data'
import { formatBRL, formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { originLabels, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import type { ClientSale } from '../../api/clients'
import { SectionCard, SectionTable } from './section-card'

const columns = [
  { label: 'Data' },
  { label: 'ID Externo' },
  { label: 'Origem' },
  { label: 'Valor Pago' },
  { label: 'Valor Líquido' },
  { label: 'Status' },
]

/** The client's purchases, newest first. */
export function ClientSales({ sales }: { sales: ClientSale[] }) {
  return (
    <SectionCard id="sales" title="Histórico de compras">
      <SectionTable
        label="Histórico de compras"
        columns={columns}
        items={sales}
        empty="Nenhuma compra registrada"
        renderRow={(sale) => (
          <TableRow key={sale.id}>
            <TableCell>{formatDateTime(sale.saleDate ?? sale.createdAt)}</TableCell>
            <TableCell className="font-mono">{sale.externalId || '—'}</TableCell>
            <TableCell>{labelOf(originLabels, sale.origin)}</TableCell>
            <TableCell>{formatBRL(sale.amountPaidByCustomer ?? sale.grossAmount)}</TableCell>
            <TableCell>{formatBRL(sale.netAmount)}</TableCell>
            <TableCell>
              <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge>
            </TableCell>
          </TableRow>
        )}
      />
    </SectionCard>
  )
}
