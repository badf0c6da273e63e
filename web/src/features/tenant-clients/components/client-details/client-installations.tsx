import type { InstallationItem, OwnerLicenseItem } from '../../api/licenses'
import { isShared, MISSING_ROBOT } from '../../labels'
import { InstallationsTable, sharedLicenses } from '../installations-table'
import { SharingAlert } from '../sharing-alert'
import { SectionCard } from '@/components/section-card'

/**
 * The MetaTrader accounts that ran the client's licenses. A license that more than one account ran in the last
 * 30 days (by the server's count or by the accounts listed) is flagged as possibly shared.
 */
export function ClientInstallations({ installations, licenses }: { installations: InstallationItem[]; licenses: OwnerLicenseItem[] }) {
  const shared = sharedLicenses(installations)
  for (const license of licenses) if (isShared(license.activeInstallations)) shared.add(license.id)
  const robots = licenses.filter((license) => shared.has(license.id)).map((license) => license.robotName ?? MISSING_ROBOT)
  return (
    <SectionCard id="installations" title="Instalações" description="As contas MetaTrader em que os robôs do cliente verificaram a licença.">
      <SharingAlert robots={robots} />
      <InstallationsTable installations={installations} sharedLicenseIds={shared} />
    </SectionCard>
  )
}
