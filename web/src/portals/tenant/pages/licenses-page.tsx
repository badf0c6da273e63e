import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftRightIcon, MonitorSmartphoneIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { ListPage, RefreshButton, StatusBadge, useListParams } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { tenantLicensesQuery, type LicenseStatus, type OwnerLicenseItem } from '@/features/tenant-clients/api/licenses'
import { ActiveInstallations } from '@/features/tenant-clients/components/installation-cells'
import { InstallationsDialog } from '@/features/tenant-clients/components/installations-dialog'
import { LicenseDialog } from '@/features/tenant-clients/components/license-dialog'
import { SwitchAccountDialog } from '@/features/tenant-clients/components/switch-account-dialog'
import { useCan } from '@/features/tenant-access/use-can'
import { expiryText, licenseStatusChoices, licenseStatusLabels, licenseStatusTones, MISSING_CLIENT, MISSING_ROBOT } from '@/features/tenant-clients/labels'

const columns = [
  { label: 'Cliente' },
  { label: 'Robô' },
  { label: 'Conta MT' },
  { label: 'Expiração' },
  { label: 'Status' },
  { label: 'Instalações' },
  { label: 'Ações', srOnly: true, className: 'w-36' },
]

/** Which dialog is open, and for which license; the license stays when it closes, so the closing dialog keeps its content. */
interface Dialogs {
  open: 'edit' | 'account' | 'installations' | null
  license: OwnerLicenseItem | null
}

/** "licença de Maria Souza (Robô Alpha)": names a row's license in its buttons' labels. */
function licenseName(license: OwnerLicenseItem): string {
  return `licença de ${license.clientName ?? MISSING_CLIENT} (${license.robotName ?? MISSING_ROBOT})`
}

/**
 * The owner's licenses (client × robot): search and status on the server, installations; create, edit and switch account
 * for roles with ManageLicenses.
 */
export function TenantLicensesPage() {
  const list = useListParams(['q', 'status'] as const)
  const query = useQuery(
    tenantLicensesQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      status: (list.filters.status || undefined) as LicenseStatus | undefined,
    }),
  )
  const [dialogs, setDialogs] = React.useState<Dialogs>({ open: null, license: null })
  const show = (open: Dialogs['open'], license: OwnerLicenseItem | null) => setDialogs({ open, license })
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialogs((current) => ({ ...current, open: null }))
  }
  const { license: chosen } = dialogs
  const canManage = useCan('ManageLicenses')

  return (
    <ListPage
      title="Licenças"
      description="Quais clientes podem usar cada robô, e em qual conta MetaTrader."
      actions={
        canManage && (
          <Button onClick={() => show('edit', null)}>
            <PlusIcon aria-hidden />
            Nova Licença
          </Button>
        )
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por cliente, e-mail ou robô' }}
      filters={[{ key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: licenseStatusChoices }]}
      tools={<RefreshButton onRefresh={query.refetch} refreshing={query.isFetching} />}
      query={query}
      table={{
        label: 'Licenças',
        columns,
        empty: 'Nenhuma licença encontrada',
        errorTitle: 'Erro ao carregar licenças',
        errorFallback: 'Não foi possível carregar as licenças.',
        renderRow: (license) => (
          <TableRow key={license.id}>
            <TableCell>
              <div className="font-medium">{license.clientName ?? MISSING_CLIENT}</div>
              {license.clientEmail && <div className="text-xs text-muted-foreground">{license.clientEmail}</div>}
            </TableCell>
            <TableCell>{license.robotName ?? MISSING_ROBOT}</TableCell>
            <TableCell className="font-mono">{license.accountNumber || '—'}</TableCell>
            <TableCell>{expiryText(license.expirationDate)}</TableCell>
            <TableCell>
              <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>
            </TableCell>
            <TableCell>
              <ActiveInstallations count={license.activeInstallations} />
            </TableCell>
            <TableCell>
              <div className="flex items-center justify-end gap-1">
                {canManage && (
                  <>
                    <Button variant="ghost" size="icon" aria-label={`Editar ${licenseName(license)}`} title="Editar" onClick={() => show('edit', license)}>
                      <PencilIcon aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Trocar conta da ${licenseName(license)}`}
                      title="Trocar conta"
                      onClick={() => show('account', license)}
                    >
                      <ArrowLeftRightIcon aria-hidden />
                    </Button>
                  </>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Instalações da ${licenseName(license)}`}
                  title="Instalações"
                  onClick={() => show('installations', license)}
                >
                  <MonitorSmartphoneIcon aria-hidden />
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <LicenseDialog open={dialogs.open === 'edit'} onOpenChange={close} license={chosen} />
      <SwitchAccountDialog open={dialogs.open === 'account'} onOpenChange={close} licenses={chosen ? [chosen] : []} />
      <InstallationsDialog open={dialogs.open === 'installations'} onOpenChange={close} license={chosen} />
    </ListPage>
  )
}
