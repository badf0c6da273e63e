import { useQuery } from '@tanstack/react-query'
import { TriangleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'
import { formatFileCount, formatStorageAmounts, nearStorageLimit, storagePercent } from '@/lib/storage-usage'
import { tenantStorageQuery, type StorageUsage } from '../../api/storage'

export const NEAR_LIMIT_WARNING =
  'Você está perto do limite de armazenamento. Remova versões antigas ou fale com o administrador da plataforma.'

function Usage({ usage }: { usage: StorageUsage }) {
  const text = `${formatStorageAmounts(usage.usedBytes, usage.quotaBytes)} usados (${formatFileCount(usage.files)})`
  const percent = storagePercent(usage.usedBytes, usage.quotaBytes)
  const near = nearStorageLimit(usage.usedBytes, usage.quotaBytes)
  return (
    <div className="grid gap-3">
      <p className="text-sm tabular-nums" data-testid="storage-use">
        {text}
      </p>
      <Progress value={percent} label="Armazenamento usado" valueText={text} tone={percent >= 100 ? 'destructive' : near ? 'warning' : 'default'} />
      {near && (
        <Alert variant="warning" role="status">
          <TriangleAlertIcon aria-hidden />
          <AlertDescription>{NEAR_LIMIT_WARNING}</AlertDescription>
        </Alert>
      )}
    </div>
  )
}

/** Armazenamento: the tenant's files against the quota the platform admin set, read-only. */
export function StorageCard() {
  const query = useQuery(tenantStorageQuery())
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Armazenamento</h2>
        </CardTitle>
        <CardDescription>Versões dos robôs, arquivos compilados e imagens. O limite é definido pelo administrador da plataforma.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isSuccess ? (
          <Usage usage={query.data} />
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar o uso de armazenamento.')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando armazenamento">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-2 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
