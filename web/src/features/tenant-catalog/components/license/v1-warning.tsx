import { useId } from 'react'
import { Link } from 'react-router-dom'
import { FileCodeIcon, TriangleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

/** The active version still carries the v1 check (its key inside the robot): it should be built again from its source. */
export function V1Warning({ versions }: { versions: string[] }) {
  const labelId = useId()
  return (
    <Alert variant="warning" role="status">
      <TriangleAlertIcon aria-hidden />
      <AlertTitle>Verificação de licença antiga</AlertTitle>
      <AlertDescription className="gap-2">
        <p>
          A versão ativa usa a verificação de licença antiga (v1), cuja chave viaja dentro do robô. Importe o .mq5 de novo para gerar uma versão com
          assinatura por chave pública.
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
        <Button variant="outline" size="sm" asChild>
          <Link to="/robots/import">
            <FileCodeIcon aria-hidden />
            Importar .mq5
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}
