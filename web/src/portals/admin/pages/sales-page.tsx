import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { EyeIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { formatBRL, formatDateTime } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { salesQuery, type Origin, type SaleItem, type SaleStatus } from '@/features/admin-commerce/api/sales'
import { FailedEventsPanel } from '@/features/admin-commerce/components/failed-events-panel'
import { ListView, StatusBadge, useListParams } from '@/components/data'
import { SaleDetailDialog, saleDisplayId } from '@/features/admin-commerce/components/sale-detail-dialog'
import { SaleDialog } from '@/features/admin-commerce/components/sale-dialog'
import { labelOf } from '@/lib/labels'
import { originChoices, saleStatusChoices, saleStatusLabels, saleStatusTones } from '@/lib/commerce-labels'
import { OriginBadge } from '@/features/admin-commerce/components/origin-badge'

const columns = [
  { label: 'ID Externo' },
  { label: 'Origem' },
  { label: 'Tenant' },
  { label: 'Valor Bruto', className: 'text-right' },
  { label: 'Valor Líquido', className: 'text-right' },
  { label: 'Status' },
  { label: 'Data' },
  { label: 'Ações', srOnly: true },
]

function SalesList() {
  const list = useListParams(['q', 'tenantId', 'status', 'origin'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(
    salesQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      tenantId: list.filters.tenantId,
      status: (list.filters.status || undefined) as SaleStatus | undefined,
      origin: (list.filters.origin || undefined) as Origin | undefined,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; sale: SaleItem | null }>({ open: false, sale: null })
  const [detail, setDetail] = React.useState<SaleItem | null>(null)

  return (
    <div className="space-y-4">
      <ListView
        list={list}
        search={{ key: 'q', label: 'Buscar por ID externo' }}
        filters={[
          { key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options },
          { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: saleStatusChoices },
          { key: 'origin', label: 'Filtrar por origem', allLabel: 'Todas as origens', options: originChoices },
        ]}
        tools={
          <Button className="sm:ml-auto" onClick={() => setDialog({ open: true, sale: null })}>
            <PlusIcon aria-hidden />
            Nova Venda
          </Button>
        }
        query={query}
        table={{
          label: 'Vendas',
          columns,
          empty: 'Nenhuma venda encontrada',
          errorFallback: 'Não foi possível carregar as vendas.',
          renderRow: (sale) => (
            <TableRow key={sale.id}>
              <TableCell className="font-mono text-xs">{saleDisplayId(sale)}</TableCell>
              <TableCell>
                <OriginBadge sale={sale} />
              </TableCell>
              <TableCell>{sale.tenantName}</TableCell>
              <TableCell className="text-right tabular-nums">{formatBRL(sale.grossAmount)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatBRL(sale.netAmount)}</TableCell>
              <TableCell>
                <StatusBadge tone={saleStatusTones[sale.status]}>{labelOf(saleStatusLabels, sale.status)}</StatusBadge>
              </TableCell>
              <TableCell>{formatDateTime(sale.saleDate)}</TableCell>
              <TableCell>
                <div className="flex items-center gap-1">
                  <Button variant="ghost" size="icon" aria-label={`Editar venda ${saleDisplayId(sale)}`} onClick={() => setDialog({ open: true, sale })}>
                    <PencilIcon aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Detalhes da venda ${saleDisplayId(sale)}`} onClick={() => setDetail(sale)}>
                    <EyeIcon aria-hidden />
                    Detalhes
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ),
        }}
      >
        <SaleDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} sale={dialog.sale} />
        <SaleDetailDialog sale={detail} onOpenChange={(open) => !open && setDetail(null)} />
      </ListView>
    </div>
  )
}

/** Sales of every tenant (filters, create, edit, details with the Hotmart payload) and the failed Hotmart events. */
export function AdminSalesPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Vendas" description="Vendas da Hotmart e manuais de todos os tenants." />
      <Tabs defaultValue="sales">
        <TabsList>
          <TabsTrigger value="sales">Vendas</TabsTrigger>
          <TabsTrigger value="failed-events">Eventos com falha</TabsTrigger>
        </TabsList>
        <TabsContent value="sales" className="pt-2">
          <SalesList />
        </TabsContent>
        <TabsContent value="failed-events" className="pt-2">
          <FailedEventsPanel />
        </TabsContent>
      </Tabs>
    </div>
  )
}
