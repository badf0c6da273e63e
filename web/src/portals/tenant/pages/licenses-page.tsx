import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftRightIcon, MonitorSmartphoneIcon, PencilIcon, PlusIcon, UsersRoundIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ListPage, RefreshButton, StatusBadge, useListParams, type DataColumn } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { tenantLicensesQuery, type LicenseStatus, type OwnerLicenseItem } from '@/features/tenant-clients/api/licenses'
import { ActiveInstallations } from '@/features/tenant-clients/components/installation-cells'
import { InstallationsDialog } from '@/features/tenant-clients/components/installations-dialog'
import { LicenseDialog } from '@/features/tenant-clients/components/license-dialog'
import { LicenseSeatsDialog } from '@/features/tenant-clients/components/license-seats-dialog'
import { SwitchAccountDialog } from '@/features/tenant-clients/components/switch-account-dialog'
import { useCan } from '@/features/tenant-access/use-can'
import {
  expiryText,
  licenseHoldLabels,
  licenseStatusChoices,
  licenseStatusLabels,
  licenseStatusTones,
  MISSING_CLIENT,
  MISSING_ROBOT,
} from '@/features/tenant-clients/labels'

/** Which dialog is open, and for which license; the license stays when it closes, so the closing dialog keeps its content. */
interface Dialogs {
  open: 'edit' | 'account' | 'installations' | 'seats' | null
  license: OwnerLicenseItem | null
}

/** "licença de Maria Souza (Robô Alpha)": names a row's license in its buttons' labels. */
function licenseName(license: OwnerLicenseItem): string {
  return `licença de ${license.clientName ?? MISSING_CLIENT} (${license.robotName ?? MISSING_ROBOT})`
}

/** A license's columns; on a phone, a card headed by the client, with the status and every action labelled. */
function licenseColumns(show: (open: Dialogs['open'], license: OwnerLicenseItem) => void, canManage: boolean): DataColumn<OwnerLicenseItem>[] {
  return [
    {
      label: 'Cliente',
      card: 'title',
      cell: (license) => (
        <>
          <div className="font-medium">{license.clientName ?? MISSING_CLIENT}</div>
          {license.clientEmail && <div className="text-xs font-normal text-muted-foreground">{license.clientEmail}</div>}
        </>
      ),
    },
    { label: 'Robô', cell: (license) => license.robotName ?? MISSING_ROBOT },
    { label: 'Conta MT', cell: (license) => <span className="font-mono">{license.accountNumber || '—'}</span> },
    { label: 'Expiração', cell: (license) => expiryText(license.expirationDate) },
    {
      label: 'Status',
      card: 'status',
      cell: (license) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>
          {license.hold && <StatusBadge tone="warning">{licenseHoldLabels[license.hold]}</StatusBadge>}
        </div>
      ),
    },
    { label: 'Instalações', cell: (license) => <ActiveInstallations license={license} /> },
    {
      label: 'Ações',
      card: 'actions',
      cell: (license) => (
        <>
          {canManage && (
            <>
              <Button variant="ghost" size="sm" aria-label={`Editar ${licenseName(license)}`} onClick={() => show('edit', license)}>
                <PencilIcon aria-hidden />
                Editar
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Trocar conta da ${licenseName(license)}`} onClick={() => show('account', license)}>
                <ArrowLeftRightIcon aria-hidden />
                Trocar conta
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" aria-label={`Contas e vagas da ${licenseName(license)}`} onClick={() => show('seats', license)}>
            <UsersRoundIcon aria-hidden />
            Contas
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Instalações da ${licenseName(license)}`} onClick={() => show('installations', license)}>
            <MonitorSmartphoneIcon aria-hidden />
            Instalações
          </Button>
        </>
      ),
    },
  ]
}

/**
 * The owner's licenses (client × robot): search and status on the server, accounts and seats, installations; create, edit and switch account
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
        empty: 'Nenhuma licença encontrada',
        errorTitle: 'Erro ao carregar licenças',
        errorFallback: 'Não foi possível carregar as licenças.',
        columns: licenseColumns(show, canManage),
        rowKey: (license) => license.id,
      }}
    >
      <LicenseDialog open={dialogs.open === 'edit'} onOpenChange={close} license={chosen} />
      <SwitchAccountDialog open={dialogs.open === 'account'} onOpenChange={close} licenses={chosen ? [chosen] : []} />
      <InstallationsDialog open={dialogs.open === 'installations'} onOpenChange={close} license={chosen} />
      <LicenseSeatsDialog open={dialogs.open === 'seats'} onOpenChange={close} license={chosen} canManage={canManage} />
    </ListPage>
  )
}
