import type { InstallationItem, OwnerLicenseItem } from '../../api/licenses'
import { isShared, MISSING_ROBOT } from '../../labels'
import { InstallationsTable } from '../installations-table'
import { SharingAlert } from '../sharing-alert'
import { SectionCard } from '@/components/section-card'

/**
 * The MetaTrader accounts that ran the client's licenses. A license that an account without a seat ran in the
 * last 30 days (the server's count) is flagged as possibly shared.
 */
export function ClientInstallations({ installations, licenses }: { installations: InstallationItem[]; licenses: OwnerLicenseItem[] }) {
  const shared = new Set(licenses.filter(isShared).map((license) => license.id))
  const robots = licenses.filter((license) => shared.has(license.id)).map((license) => license.robotName ?? MISSING_ROBOT)
  return (
    <SectionCard id="installations" title="Instalações" description="As contas MetaTrader em que os robôs do cliente verificaram a licença.">
      <SharingAlert robots={robots} />
      <InstallationsTable installations={installations} sharedLicenseIds={shared} />
    </SectionCard>
  )
}
