import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { useDownloadProjectVersion } from '../api/projects'
import type { ProjectDetail, ProjectVersion } from '../api/types'
import { VersionCard } from './version-card'

/** The project's versions, newest first, in a 600 px panel of their own. */
export function VersionsPanel({ project }: { project: ProjectDetail }) {
  const download = useDownloadProjectVersion()
  const count = project.versions.length

  const startDownload = (version: ProjectVersion) => {
    toast({ title: 'Download iniciado', description: `${project.name} v${version.version}` })
    download.mutate(
      { project, version },
      {
        onSuccess: () => toast({ title: 'Download concluído', description: `${project.name} v${version.version}` }),
        onError: () => toast({ variant: 'destructive', title: 'Erro ao baixar arquivo', description: 'Tente novamente mais tarde' }),
      },
    )
  }

  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Versões</h2>
        </CardTitle>
        <CardDescription>{count === 1 ? '1 versão' : `${count} versões`}</CardDescription>
      </CardHeader>
      <CardContent>
        <div tabIndex={0} role="region" aria-label="Lista de versões" className="h-[600px] overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
          {count === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">Nenhuma versão ainda.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Versões do projeto">
              {project.versions.map((version) => (
                <VersionCard
                  key={version.id}
                  version={version}
                  downloading={download.isPending && download.variables?.version.id === version.id}
                  onDownload={() => startDownload(version)}
                />
              ))}
            </ol>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
