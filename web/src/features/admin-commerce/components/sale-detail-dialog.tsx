import type * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Badge } from '@/components/ui/badge'
import { errorMessage } from '@/lib/api/client'
import { formatBRL, formatDateTime } from '@/lib/format'
import { saleDetailQuery, type SaleDetail, type SaleItem } from '../api/sales'
import { labelOf } from '@/lib/labels'
import { originText, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { saleAmountFields } from '../schemas/sale-form'

/** The id a sale is known by: its external id, or the first 8 characters of its own id. */
export function saleDisplayId(sale: Pick<SaleItem, 'id' | 'externalId'>): string {
  return sale.externalId || sale.id.slice(0, 8)
}

/** A sale in full, with the provider's original payload (GET /api/sales/{id}). */
export function SaleDetailDialog({ sale, onOpenChange }: { sale: SaleItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Detalhes da venda {sale ? saleDisplayId(sale) : ''}</DialogTitle>
          <DialogDescription>Os dados gravados e o payload original recebido da Hotmart.</DialogDescription>
        </DialogHeader>
        {sale && <SaleDetailBody id={sale.id} />}
      </DialogContent>
    </Dialog>
  )
}

function SaleDetailBody({ id }: { id: string }) {
  const detail = useQuery(saleDetailQuery(id))
  if (detail.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando venda">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    )
  }
  if (detail.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(detail.error, 'Não foi possível carregar a venda.')}
      </p>
    )
  }
  return <SaleDetailContent sale={detail.data} />
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-2 border-b py-1.5 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  )
}

function SaleDetailContent({ sale }: { sale: SaleDetail }) {
  const payload = sale.originalPayload
  const hasPayload = payload !== null && payload !== undefined
  return (
    <div className="grid gap-4">
      <dl>
        <Row label="ID">{sale.id}</Row>
        <Row label="ID Externo">{sale.externalId || '—'}</Row>
        <Row label="Tenant">{sale.tenantName}</Row>
        <Row label="Cliente">{sale.clientName ? `${sale.clientName}${sale.clientEmail ? ` (${sale.clientEmail})` : ''}` : '—'}</Row>
        <Row label="Origem">{originText(sale)}</Row>
        <Row label="Status">
          <Badge variant={saleStatusTones[sale.status] ?? 'secondary'}>{labelOf(saleStatusLabels, sale.status)}</Badge>
        </Row>
        {saleAmountFields.map((field) => (
          <Row key={field.name} label={field.label}>
            {formatBRL(sale[field.name])}
          </Row>
        ))}
        <Row label="Moeda original">{sale.originalCurrency}</Row>
        <Row label="Taxa de câmbio">{sale.exchangeRate ?? '—'}</Row>
        <Row label="Data da venda">{formatDateTime(sale.saleDate)}</Row>
        <Row label="Data de cancelamento">{formatDateTime(sale.cancellationDate)}</Row>
        <Row label="Registrada em">{formatDateTime(sale.createdAt)}</Row>
      </dl>
      <section className="grid gap-2" aria-labelledby="sale-payload-title">
        <h3 id="sale-payload-title" className="text-sm font-semibold">
          Payload original
        </h3>
        {hasPayload ? (
          <pre
            data-testid="sale-payload"
            tabIndex={0}
            role="region"
            aria-label="Payload original da venda"
            className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre"
          >
            {JSON.stringify(payload, null, 2)}
          </pre>
        ) : (
          <p className="text-sm text-muted-foreground">Sem payload: venda registrada manualmente.</p>
        )}
      </section>
    </div>
  )
}
