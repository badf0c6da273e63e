import { Link } from 'react-router-dom'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import type { ProjectSummary } from '../api/types'
import { ProjectStatusBadge, VersionStatusBadge } from './status-badges'

/** A project on the factory page; the whole card is the link to its page (one tab stop). */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const versions = project.versionCount === 1 ? '1 versão' : `${project.versionCount} versões`
  return (
    <li>
      <Link
        to={`/robot-factory/${project.id}`}
        className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <Card className="h-full gap-4 transition-colors hover:bg-accent/40">
          <CardHeader>
            <div className="flex items-start justify-between gap-2">
              <CardTitle className="text-base break-words">{project.name}</CardTitle>
              <ProjectStatusBadge status={project.status} />
            </div>
            {project.description && <CardDescription className="line-clamp-2">{project.description}</CardDescription>}
          </CardHeader>
          <CardContent className="mt-auto grid gap-2 text-sm text-muted-foreground">
            <div className="flex flex-wrap items-center gap-2">
              <span>{versions}</span>
              {project.latestVersion && (
                <>
                  <span aria-hidden>·</span>
                  <span>Última: v{project.latestVersion.version}</span>
                  <VersionStatusBadge status={project.latestVersion.compilationStatus} />
                </>
              )}
            </div>
            <span>Atualizado em {formatDateTime(project.updatedAt)}</span>
          </CardContent>
        </Card>
      </Link>
    </li>
  )
}

/** Cards' shape while the projects load. */
export function ProjectCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Carregando projetos">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="h-36 w-full rounded-xl" data-testid="project-skeleton" />
      ))}
    </div>
  )
}
