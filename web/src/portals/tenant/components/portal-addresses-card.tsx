import { CopyableValue } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useCan } from '@/features/tenant-access/use-can'
import { useMarkPortalShared, useOnboarding } from '@/features/tenant-commerce/api/onboarding'
import { errorMessage } from '@/lib/api/client'

/**
 * "Endereços dos portais": where the team signs in and where buyers are sent, each whole with a copy button. Copying
 * the buyers' address ticks the checklist's "Divulgue o portal do cliente" (as the welcome card does), for those who
 * may change the settings.
 */
export function PortalAddressesCard() {
  const onboarding = useOnboarding()
  const markShared = useMarkPortalShared()
  const canManage = useCan('ManageSettings')
  const progress = onboarding.data
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Endereços dos portais</h2>
        </CardTitle>
        <CardDescription>Envie o portal do cliente aos seus compradores; o portal do revendedor é onde você e sua equipe entram.</CardDescription>
      </CardHeader>
      <CardContent>
        {progress ? (
          <div className="grid gap-4">
            <CopyableValue
              label="Portal do cliente (compradores)"
              value={progress.clientPortalUrl}
              copyLabel="Copiar endereço do portal do cliente"
              success="Endereço do portal do cliente copiado."
              onCopied={canManage ? () => markShared.mutate() : undefined}
            />
            <CopyableValue
              label="Portal do revendedor (você e a equipe)"
              value={progress.ownerPortalUrl}
              copyLabel="Copiar endereço do portal do revendedor"
              success="Endereço do portal do revendedor copiado."
            />
          </div>
        ) : onboarding.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="text-destructive">{errorMessage(onboarding.error, 'Não foi possível carregar os endereços dos portais.')}</p>
            <Button variant="outline" size="sm" onClick={() => void onboarding.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando endereços dos portais">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
