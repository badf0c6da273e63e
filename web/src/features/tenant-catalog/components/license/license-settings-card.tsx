import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { robotLicenseQuery } from '../../api/robot-license'
import { LoadErrorCard } from '../load-error-card'
import { LicenseSettingsForm } from './license-settings-form'
import { PublicKey } from './public-key'
import { V1Warning } from './v1-warning'

/**
 * "Licença": how the robot checks its buyers' licenses — the public key in its .ex5, how long it runs without the
 * server, how a license gets its MT5 account — and a warning while the active version carries the older v1 check.
 * `readOnly` (a role without ManageRobots) shows the same without saving or rebuilding.
 */
export function LicenseSettingsCard({ robotId, readOnly = false }: { robotId: string; readOnly?: boolean }) {
  const query = useQuery(robotLicenseQuery(robotId))
  if (query.isError) {
    return (
      <LoadErrorCard
        error={query.error}
        title="Erro ao carregar licença"
        fallback="Não foi possível carregar as configurações de licença."
        onRetry={() => void query.refetch()}
      />
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Licença</h2>
        </CardTitle>
        <CardDescription>Como o robô confere a licença de cada comprador com o servidor.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {query.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando licença">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <>
            {query.data.activeVersionUsesV1 && <V1Warning robotId={robotId} versions={query.data.v1Versions} readOnly={readOnly} />}
            <PublicKey publicKey={query.data.publicKey} />
            <LicenseSettingsForm robotId={robotId} settings={query.data} readOnly={readOnly} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
