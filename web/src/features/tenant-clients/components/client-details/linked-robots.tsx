import { ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { labelOf } from '@/lib/labels'
import type { OwnerLicenseItem } from '../../api/licenses'
import { expiryText, licenseStatusLabels, licenseStatusTones, MISSING_ROBOT } from '../../labels'
import { ActiveInstallations, LastSeen } from '../installation-cells'
import { SectionCard } from '@/components/section-card'

/** A license's columns; on a phone, a card headed by the robot, with the status beside it. */
const columns: DataColumn<OwnerLicenseItem>[] = [
  {
    label: 'Robô',
    card: 'title',
    cell: (license) => (
      <>
        <div className="font-medium">{license.robotName ?? MISSING_ROBOT}</div>
        {license.robotPlatform && <div className="text-xs font-normal text-muted-foreground">{license.robotPlatform}</div>}
      </>
    ),
  },
  { label: 'Conta MT', cell: (license) => <span className="font-mono">{license.accountNumber || '—'}</span> },
  {
    label: 'Status',
    card: 'status',
    cell: (license) => <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>,
  },
  { label: 'Expiração', cell: (license) => expiryText(license.expirationDate) },
  { label: 'Instalações ativas', cell: (license) => <ActiveInstallations license={license} /> },
  { label: 'Último acesso', cell: (license) => <LastSeen value={license.lastSeen} /> },
]

/** The client's licenses: which robots they may run, on which account, and how many accounts ran each lately. */
export function LinkedRobots({ licenses }: { licenses: OwnerLicenseItem[] }) {
  return (
    <SectionCard id="linked-robots" title="Robôs vinculados" description="As licenças do cliente.">
      <ResponsiveTable label="Robôs vinculados" columns={columns} items={licenses} rowKey={(license) => license.id} placeholder="Nenhum robô vinculado" />
    </SectionCard>
  )
}
