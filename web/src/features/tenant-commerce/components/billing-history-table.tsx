import { StatusBadge } from '@/components/data'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { labelOf } from '@/lib/labels'
import { saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { formatBRL, formatDateTime } from '@/lib/format'
import type { ChargeItem } from '../api/subscriptions'

/** A subscription's payments, newest first: one sale each (the first payment, then each renewal). */
export function BillingHistoryTable({ charges }: { charges: ChargeItem[] }) {
  if (charges.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">Nenhuma cobrança registrada</p>
  return (
    <div className="rounded-md border">
      <Table aria-label="Histórico de cobranças">
        <TableHeader>
          <TableRow>
            <TableHead>Data</TableHead>
            <TableHead>Transação</TableHead>
            <TableHead className="text-right">Valor</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Nº da recorrência</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {charges.map((charge) => (
            <TableRow key={charge.saleId}>
              <TableCell>{formatDateTime(charge.saleDate)}</TableCell>
              <TableCell className="font-mono text-xs">{charge.externalId || charge.saleId.slice(0, 8)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatBRL(charge.amount)}</TableCell>
              <TableCell>
                <StatusBadge tone={saleStatusTones[charge.status]}>{labelOf(saleStatusLabels, charge.status)}</StatusBadge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{charge.recurrenceNumber ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
