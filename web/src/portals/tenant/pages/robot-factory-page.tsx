import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { FactoryIcon, HistoryIcon, PlusIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PaginationBar, useListParams } from '@/components/data'
import { factoryStatusQuery, robotProjectsQuery } from '@/features/robot-factory/api/projects'
import { factoryBlock } from '@/features/robot-factory/availability'
import { FactoryBlockBanner, QuotaLine } from '@/features/robot-factory/components/factory-availability'
import { ProjectCard, ProjectCardSkeletons } from '@/features/robot-factory/components/project-card'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'
import { useCan } from '@/features/tenant-access/use-can'

/** /robot-factory — the owner's AI robot projects as cards, the month's quota, and the way to a new project. */
export function TenantRobotFactoryPage() {
  const list = useListParams<never>([])
  const projects = useQuery(robotProjectsQuery({ page: list.page, pageSize: list.pageSize }))
  const factory = useQuery(factoryStatusQuery())
  const block = factoryBlock(factory.data)
  const items = projects.data?.items ?? []
  const canManage = useCan('ManageRobots')

  return (
    <div className="space-y-6">
      <PageHeading
        title="Fábrica de Robôs"
        description="Descreva a estratégia e a IA escreve, revisa e compila o robô para você."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to="/robot-generations">
                <HistoryIcon aria-hidden />
                Gerações
              </Link>
            </Button>
            {canManage && (
              <Button asChild>
                <Link to="/robot-factory/new">
                  <PlusIcon aria-hidden />
                  Novo Projeto
                </Link>
              </Button>
            )}
          </div>
        }
      />
      <QuotaLine status={factory.data} />
      {block && canManage && <FactoryBlockBanner block={block} />}
      {projects.isPending ? (
        <ProjectCardSkeletons />
      ) : projects.isError && !projects.data ? (
        <LoadErrorCard
          error={projects.error}
          title="Erro ao carregar projetos"
          fallback="Não foi possível carregar os projetos."
          onRetry={() => void projects.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyProjects canCreate={canManage} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projetos">
          {items.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      )}
      {projects.data && projects.data.total > list.pageSize && (
        <PaginationBar page={list.page} pageSize={list.pageSize} data={projects.data} onPageChange={list.setPage} />
      )}
    </div>
  )
}

function EmptyProjects({ canCreate }: { canCreate: boolean }) {
  return (
    <Card className="items-center text-center">
      <CardHeader className="justify-items-center">
        <FactoryIcon aria-hidden className="size-10 text-muted-foreground" />
        <CardTitle>
          <h2 className="text-lg">Nenhum projeto ainda</h2>
        </CardTitle>
        <CardDescription>
          {canCreate ? 'Responda sete perguntas sobre a sua estratégia e a IA cria o primeiro robô.' : 'Os projetos que um administrador criar aparecem aqui.'}
        </CardDescription>
      </CardHeader>
      {canCreate && (
        <CardContent>
          <Button asChild>
            <Link to="/robot-factory/new">
              <PlusIcon aria-hidden />
              Criar primeiro projeto
            </Link>
          </Button>
        </CardContent>
      )}
    </Card>
  )
}
