import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { formatBRL, formatDateTime } from '@/lib/format'
import type { ChargeItem } from '../api/subscriptions'

/** A payment's columns; on a phone, a card headed by the date, with the amount and status in view. */
const columns: DataColumn<ChargeItem>[] = [
  { label: 'Data', card: 'title', cell: (charge) => formatDateTime(charge.saleDate) },
  { label: 'Transação', cell: (charge) => <span className="font-mono text-xs">{charge.externalId || charge.saleId.slice(0, 8)}</span> },
  { label: 'Valor', className: 'text-right tabular-nums', cell: (charge) => formatBRL(charge.amount) },
  { label: 'Status', card: 'status', cell: (charge) => <StatusBadge tone={saleStatusTones[charge.status]}>{labelOf(saleStatusLabels, charge.status)}</StatusBadge> },
  { label: 'Nº da recorrência', className: 'text-right tabular-nums', cell: (charge) => charge.recurrenceNumber ?? '—' },
]

/** A subscription's payments, newest first: one sale each (the first payment, then each renewal). */
export function BillingHistoryTable({ charges }: { charges: ChargeItem[] }) {
  if (charges.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">Nenhuma cobrança registrada</p>
  return <ResponsiveTable label="Histórico de cobranças" columns={columns} items={charges} rowKey={(charge) => charge.saleId} />
}
