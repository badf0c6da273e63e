import { useId } from 'react'
import { Link } from 'react-router-dom'
import { FileCodeIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { useRebuildRobotLicense } from '../../api/robot-license'

/**
 * The active version still carries the v1 check (its key inside the robot): it should be built again from its source.
 * `readOnly` (a role without ManageRobots) says so without the ways to do it.
 */
export function V1Warning({ robotId, versions, readOnly = false }: { robotId: string; versions: string[]; readOnly?: boolean }) {
  const labelId = useId()
  const rebuild = useRebuildRobotLicense(robotId)
  const start = () =>
    rebuild.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Recompilação na fila',
          description: 'A nova versão, com a verificação por chave pública, aparece na lista quando compilar. Depois é só ativá-la.',
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Erro ao recompilar', description: errorMessage(error, 'Não foi possível recompilar. Tente novamente.') }),
    })
  return (
    <Alert variant="warning" role="status">
      <TriangleAlertIcon aria-hidden />
      <AlertTitle>Verificação de licença antiga</AlertTitle>
      <AlertDescription className="gap-2">
        <p>
          A versão ativa usa a verificação de licença antiga (v1), cuja chave viaja dentro do robô. Recompile-a (a partir do .mq5 importado) ou importe o
          .mq5 de novo para gerar uma versão com assinatura por chave pública.
        </p>
        {versions.length > 0 && (
          <div className="flex flex-wrap items-center gap-1.5">
            <span id={labelId} className="text-muted-foreground">
              Versões com a verificação antiga:
            </span>
            <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
              {versions.map((version) => (
                <li key={version}>
                  <Badge variant="warning">{version}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={start} disabled={rebuild.isPending || rebuild.isSuccess}>
              {rebuild.isPending ? <Spinner aria-hidden /> : <RefreshCwIcon aria-hidden />}
              {rebuild.isSuccess ? 'Recompilação na fila' : 'Recompilar com a verificação nova'}
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/robots/import">
                <FileCodeIcon aria-hidden />
                Importar .mq5
              </Link>
            </Button>
          </div>
        )}
      </AlertDescription>
    </Alert>
  )
}
