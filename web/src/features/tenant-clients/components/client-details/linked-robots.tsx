import { TableCell, TableRow } from '@/components/ui/table'
import { StatusBadge } from '@/components/data'
import { labelOf } from '@/lib/labels'
import type { OwnerLicenseItem } from '../../api/licenses'
import { expiryText, licenseStatusLabels, licenseStatusTones, MISSING_ROBOT } from '../../labels'
import { ActiveInstallations, LastSeen } from '../installation-cells'
import { SectionCard, SectionTable } from './section-card'

const columns = [
  { label: 'Robô' },
  { label: 'Conta MT' },
  { label: 'Status' },
  { label: 'Expiração' },
  { label: 'Instalações ativas' },
  { label: 'Último acesso' },
]

/** The client's licenses: which robots they may run, on which account, and how many accounts ran each lately. */
export function LinkedRobots({ licenses }: { licenses: OwnerLicenseItem[] }) {
  return (
    <SectionCard id="linked-robots" title="Robôs vinculados" description="As licenças do cliente.">
      <SectionTable
        label="Robôs vinculados"
        columns={columns}
        items={licenses}
        empty="Nenhum robô vinculado"
        renderRow={(license) => (
          <TableRow key={license.id}>
            <TableCell>
              <div className="font-medium">{license.robotName ?? MISSING_ROBOT}</div>
              {license.robotPlatform && <div className="text-xs text-muted-foreground">{license.robotPlatform}</div>}
            </TableCell>
            <TableCell className="font-mono">{license.accountNumber || '—'}</TableCell>
            <TableCell>
              <StatusBadge tone={licenseStatusTones[license.status]}>{labelOf(licenseStatusLabels, license.status)}</StatusBadge>
            </TableCell>
            <TableCell>{expiryText(license.expirationDate)}</TableCell>
            <TableCell>
              <ActiveInstallations count={license.activeInstallations} />
            </TableCell>
            <TableCell>
              <LastSeen value={license.lastSeen} />
            </TableCell>
          </TableRow>
        )}
      />
    </SectionCard>
  )
}
