import { Link } from 'react-router-dom'
import { DownloadIcon, ListIcon, UploadIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { useDownloadCompiledRobot, type CompilationJob } from '../api/compilation-jobs'
import { OutcomeHeading } from './outcome-heading'

/** A compiled job: the version the robot received, its .ex5, and where to go next. */
export function CompileSuccess({ job, onImportAnother }: { job: CompilationJob; onImportAnother: () => void }) {
  const download = useDownloadCompiledRobot()
  const version = job.robotVersion

  const startDownload = () =>
    download.mutate(job, {
      onSuccess: () => toast({ title: 'Download iniciado', description: `${job.robotName}.ex5` }),
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao baixar arquivo', description: errorMessage(error, 'Tente novamente mais tarde') }),
    })

  return (
    <Card className="border-success/50">
      <CardHeader>
        <OutcomeHeading>Robô compilado</OutcomeHeading>
        <CardDescription>{version ? `${job.robotName} recebeu a versão ${version.version}.` : `${job.robotName} foi compilado.`}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {version && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Versão <span className="font-medium tabular-nums">{version.version}</span>
            </span>
            {version.active ? <Badge variant="success">Ativa</Badge> : <Badge variant="outline">Inativa</Badge>}
            <span className="basis-full text-muted-foreground">
              {version.active ? 'Os clientes já baixam esta versão.' : 'Ative-a na página de versões quando quiser liberá-la aos clientes.'}
            </span>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {job.robotId && (
            <Button variant="outline" asChild>
              <Link to={`/robots/${job.robotId}/versions`}>
                <ListIcon aria-hidden />
                Ver versões do robô
              </Link>
            </Button>
          )}
          {job.compiledFileUrl && (
            <Button variant="outline" onClick={startDownload} disabled={download.isPending}>
              {download.isPending ? <Spinner aria-hidden /> : <DownloadIcon aria-hidden />}
              Baixar .ex5
            </Button>
          )}
        </div>
        <div className="flex flex-wrap gap-2 border-t pt-4">
          <Button onClick={onImportAnother}>
            <UploadIcon aria-hidden />
            Importar outro
          </Button>
          <Button variant="outline" asChild>
            <Link to="/robots">Ir para robôs</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
