import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDate } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { licensesQuery, type LicenseItem, type LicenseStatus } from '@/features/admin-commerce/api/licenses'
import { LicenseDialog } from '@/features/admin-commerce/components/license-dialog'
import { ClearFiltersButton, DateFilter, ListPage, StatusBadge, useListParams } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { licenseStatusChoices, licenseStatusLabels, licenseStatusTones } from '@/lib/commerce-labels'

const columns = [
  { label: 'Cliente' },
  { label: 'Robô' },
  { label: 'Conta MT' },
  { label: 'Status' },
  { label: 'Ativação' },
  { label: 'Expiração' },
  { label: 'Ações', srOnly: true, className: 'w-12' },
]

/** Licenses (Cliente x Robô) of every tenant: search, tenant/status/activation-date filters, create and edit. */
export function ClientRobotsPage() {
  const list = useListParams(['q', 'tenantId', 'status', 'from', 'to'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(
    licensesQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      tenantId: list.filters.tenantId,
      status: (list.filters.status || undefined) as LicenseStatus | undefined,
      from: list.filters.from,
      to: list.filters.to,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; license: LicenseItem | null }>({ open: false, license: null })

  return (
    <ListPage
      title="Licenças"
      description="Cliente x Robô: quem pode usar cada robô, em qual conta MetaTrader."
      actions={
        <Button onClick={() => setDialog({ open: true, license: null })}>
          <PlusIcon aria-hidden />
          Nova Licença
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por cliente, email ou robô' }}
      filters={[
        { key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options },
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: licenseStatusChoices },
      ]}
      tools={
        <>
          <DateFilter id="license-from" label="Ativação de" value={list.filters.from} onChange={(value) => list.setFilter('from', value)} />
          <DateFilter id="license-to" label="até" value={list.filters.to} onChange={(value) => list.setFilter('to', value)} />
          <ClearFiltersButton list={list} />
        </>
      }
      query={query}
      table={{
        label: 'Licenças',
        columns,
        empty: 'Nenhuma licença encontrada',
        errorFallback: 'Não foi possível carregar as licenças.',
        renderRow: (license) => (
          <TableRow key={license.id}>
            <TableCell>
              <div className="font-medium">{license.clientName ?? 'Cliente não encontrado'}</div>
              {license.clientEmail && <div className="text-xs text-muted-foreground">{license.clientEmail}</div>}
            </TableCell>
            <TableCell>{license.robotName ?? 'Robô não encontrado'}</TableCell>
            <TableCell className="font-mono">{license.accountNumber || '—'}</TableCell>
            <TableCell>
              <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(license.activationDate)}</TableCell>
            <TableCell>{formatDate(license.expirationDate)}</TableCell>
            <TableCell>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Editar licença de ${license.clientName ?? 'cliente não encontrado'} (${license.robotName ?? 'robô não encontrado'})`}
                onClick={() => setDialog({ open: true, license })}
              >
                <PencilIcon aria-hidden />
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <LicenseDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} license={dialog.license} />
    </ListPage>
  )
}
