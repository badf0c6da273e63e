import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { PageHeading } from '@/components/page-heading'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api/client'
import { TesterSettingsCard } from '@/features/backtests/components/tester-settings-card'
import { robotProjectQuery } from '@/features/robot-factory/api/projects'
import type { ProjectDetail } from '@/features/robot-factory/api/types'
import { BackLink } from '@/features/robot-factory/components/back-link'
import { NotFoundCard } from '@/features/robot-factory/components/not-found-card'
import { ProjectView } from '@/features/robot-factory/components/project-view'
import { useCan } from '@/features/tenant-access/use-can'
import { useProjectLiveUpdates } from '@/features/robot-factory/use-project-live-updates'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'

/**
 * /robot-factory/:id — one AI project: its conversation and versions, adjustments and publication. Asked for every
 * 5 s, and at once when the live stream says a version's status changed; the text the model is writing streams in.
 * Under it, "Teste no Strategy Tester": the profile every compiled version is tested on and the newest one's runs.
 */
export function TenantRobotProjectPage() {
  const { id = '' } = useParams()
  const query = useQuery(robotProjectQuery(id))
  const canManage = useCan('ManageRobots')
  const draft = useProjectLiveUpdates(id, query.data?.conversationHistory.length ?? 0)
  // A failed poll keeps the project on screen: only a first load that failed shows the error.
  const notFound = !query.data && query.error instanceof ApiError && query.error.status === 404

  return (
    <div className="space-y-6">
      <BackLink to="/robot-factory">Voltar para a Fábrica</BackLink>
      {query.data ? (
        <>
          <ProjectView project={query.data} draft={draft} readOnly={!canManage} />
          <TesterSettingsCard projectId={id} version={latestCompiled(query.data)} canManage={canManage} />
        </>
      ) : notFound ? (
        <>
          <PageHeading title="Projeto" />
          <NotFoundCard
            title="Projeto não encontrado"
            text="Este projeto não existe ou não pertence à sua conta."
            backTo="/robot-factory"
            backLabel="Voltar para a Fábrica de Robôs"
          />
        </>
      ) : query.isError ? (
        <>
          <PageHeading title="Projeto" />
          <LoadErrorCard error={query.error} title="Erro ao carregar projeto" fallback="Não foi possível carregar o projeto." onRetry={() => void query.refetch()} />
        </>
      ) : (
        <ProjectSkeleton />
      )}
    </div>
  )
}

/** The newest version that compiled (versions come newest first): the one the tester ran on. */
function latestCompiled(project: ProjectDetail) {
  return project.versions.find((version) => version.compilationStatus === 'success' && version.hasCompiledFile)
}

function ProjectSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Carregando projeto">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[500px] w-full" />
        <Skeleton className="h-[600px] w-full" />
      </div>
    </div>
  )
}
