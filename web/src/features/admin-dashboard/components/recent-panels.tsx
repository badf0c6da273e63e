import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatBRL, formatDate, formatDateTime } from '@/lib/format'
import { DashboardPanel, PanelEmpty, PanelRowsSkeleton } from '@/components/dashboard/dashboard-panel'
import type { RecentSale, RecentTenant } from '../api/dashboard'
import { SaleStatusBadge, TenantStatusBadge } from './status-badges'

/** The id a person recognises: the provider's, else the first 8 characters of ours. */
export function saleDisplayId(sale: Pick<RecentSale, 'id' | 'externalId'>): string {
  return sale.externalId?.trim() || sale.id.slice(0, 8)
}

/** Day over time, so the column stays narrow enough for two panels side by side. */
function SaleDate({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(' ')
  return (
    <>
      <div>{day}</div>
      {time && <div className="text-xs text-muted-foreground">{time}</div>}
    </>
  )
}

export function RecentTenantsPanel({ tenants }: { tenants: RecentTenant[] | undefined }) {
  return (
    <DashboardPanel title="Recent Tenants" description="Os cinco tenants cadastrados mais recentemente">
      {!tenants ? (
        <PanelRowsSkeleton />
      ) : tenants.length === 0 ? (
        <PanelEmpty>Nenhum tenant cadastrado ainda</PanelEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Tenant</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Cadastro</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tenants.map((tenant) => (
              <TableRow key={tenant.id}>
                <TableCell>
                  <div className="font-medium">{tenant.name}</div>
                  <div className="text-xs text-muted-foreground">{tenant.url}</div>
                </TableCell>
                <TableCell>
                  <TenantStatusBadge status={tenant.status} />
                </TableCell>
                <TableCell className="tabular-nums">{formatDate(tenant.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardPanel>
  )
}

export function RecentSalesPanel({ sales }: { sales: RecentSale[] | undefined }) {
  return (
    <DashboardPanel title="Recent Sales" description="As cinco vendas mais recentes de todos os tenants">
      {!sales ? (
        <PanelRowsSkeleton />
      ) : sales.length === 0 ? (
        <PanelEmpty>Nenhuma venda registrada ainda</PanelEmpty>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Venda</TableHead>
              <TableHead className="text-right">Valor</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Data</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sales.map((sale) => (
              <TableRow key={sale.id}>
                <TableCell>
                  <div className="font-mono text-xs">{saleDisplayId(sale)}</div>
                  <div className="text-xs text-muted-foreground">{sale.tenantName}</div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(sale.grossAmount)}</TableCell>
                <TableCell>
                  <SaleStatusBadge status={sale.status} />
                </TableCell>
                <TableCell className="tabular-nums">
                  <SaleDate value={sale.saleDate ?? sale.createdAt} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardPanel>
  )
}
