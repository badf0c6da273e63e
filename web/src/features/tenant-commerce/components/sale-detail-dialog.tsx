import { useQuery } from '@tanstack/react-query'
import { StatusBadge } from '@/components/data'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { labelOf } from '@/lib/labels'
import { originText, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { formatBRL, formatDateTime } from '@/lib/format'
import { tenantSaleDetailQuery, type SaleDetail, type SaleItem } from '../api/sales'
import { clientLabel, DetailRow, DetailState, PayloadView } from './detail-parts'

/** The id a sale is known by: its external id, or the first 8 characters of its own id. */
export function saleDisplayId(sale: Pick<SaleItem, 'id' | 'externalId'>): string {
  return sale.externalId?.trim() || sale.id.slice(0, 8)
}

/** Every amount of a sale, in the order the Hotmart statement lists them. */
const amountFields = [
  { name: 'amountPaidByCustomer', label: 'Valor pago pelo cliente' },
  { name: 'grossAmount', label: 'Valor bruto' },
  { name: 'hotmartCommission', label: 'Comissão Hotmart' },
  { name: 'coproducerCommission', label: 'Comissão coprodutor' },
  { name: 'affiliateCommission', label: 'Comissão afiliado' },
  { name: 'otherFees', label: 'Outras taxas' },
  { name: 'netAmount', label: 'Valor líquido' },
] as const satisfies readonly { name: keyof SaleItem; label: string }[]

function SaleInformation({ sale }: { sale: SaleDetail }) {
  return (
    <dl>
      <DetailRow label="ID Externo">{sale.externalId || '—'}</DetailRow>
      <DetailRow label="Cliente">{clientLabel(sale)}</DetailRow>
      <DetailRow label="Origem">{originText(sale)}</DetailRow>
      <DetailRow label="Status">
        <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge>
      </DetailRow>
      {amountFields.map((field) => (
        <DetailRow key={field.name} label={field.label}>
          {formatBRL(sale[field.name])}
        </DetailRow>
      ))}
      <DetailRow label="Moeda original">{sale.originalCurrency}</DetailRow>
      <DetailRow label="Data da venda">{formatDateTime(sale.saleDate)}</DetailRow>
      <DetailRow label="Data de cancelamento">{formatDateTime(sale.cancellationDate)}</DetailRow>
      <DetailRow label="Registrada em">{formatDateTime(sale.createdAt)}</DetailRow>
    </dl>
  )
}

function SaleDetailBody({ id }: { id: string }) {
  const detail = useQuery(tenantSaleDetailQuery(id))
  return (
    <DetailState query={detail} loadingLabel="Carregando venda" errorFallback="Erro ao carregar venda">
      {(sale) => (
        <Tabs defaultValue="info">
          <TabsList>
            <TabsTrigger value="info">Informações</TabsTrigger>
            <TabsTrigger value="payload">Payload Original</TabsTrigger>
          </TabsList>
          <TabsContent value="info">
            <SaleInformation sale={sale} />
          </TabsContent>
          <TabsContent value="payload">
            <PayloadView payload={sale.originalPayload} label="Payload original da venda" empty="Venda manual: sem payload." />
          </TabsContent>
        </Tabs>
      )}
    </DetailState>
  )
}

/** A sale in full (GET /api/tenant/sales/{id}): its amounts and dates, and the Hotmart payload. Display only. */
export function SaleDetailDialog({ sale, onOpenChange }: { sale: SaleItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={sale !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Detalhes da venda {sale ? saleDisplayId(sale) : ''}</DialogTitle>
          <DialogDescription>Os dados registrados e o payload original (o da Hotmart, ou o que foi digitado numa venda manual).</DialogDescription>
        </DialogHeader>
        {sale && <SaleDetailBody id={sale.id} />}
      </DialogContent>
    </Dialog>
  )
}
