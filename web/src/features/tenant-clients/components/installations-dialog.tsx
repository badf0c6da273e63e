import { useQuery } from '@tanstack/react-query'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'
import { SKELETON_ROWS } from '@/components/data'
import { licenseDetailQuery, type OwnerLicenseItem } from '../api/licenses'
import { isShared, MISSING_CLIENT, MISSING_ROBOT } from '../labels'
import { InstallationsTable } from './installations-table'
import { SharingAlert } from './sharing-alert'

/** Every MetaTrader account a license's robot was seen running on (GET /api/tenant/licenses/{id}). */
export function InstallationsDialog({
  open,
  onOpenChange,
  license,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  license: OwnerLicenseItem | null
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Instalações</DialogTitle>
          <DialogDescription>
            {license ? `${license.robotName ?? MISSING_ROBOT} de ${license.clientName ?? MISSING_CLIENT}: ` : ''}
            as contas MetaTrader que verificaram esta licença.
          </DialogDescription>
        </DialogHeader>
        {license && <InstallationsBody id={license.id} />}
      </DialogContent>
    </Dialog>
  )
}

function InstallationsBody({ id }: { id: string }) {
  const detail = useQuery(licenseDetailQuery(id))
  if (detail.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando instalações">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} className="h-6 w-full" />
        ))}
      </div>
    )
  }
  if (detail.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(detail.error, 'Erro ao carregar instalações')}
      </p>
    )
  }
  const { license, installations } = detail.data
  const shared = isShared(license)
  return (
    <div className="grid max-h-[70vh] gap-4 overflow-y-auto">
      {shared && <SharingAlert robots={[license.robotName ?? MISSING_ROBOT]} />}
      <InstallationsTable installations={installations} sharedLicenseIds={new Set(shared ? [license.id] : [])} showRobot={false} />
    </div>
  )
}
