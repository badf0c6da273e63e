import { SectionError } from '@/components/dashboard/dashboard-panel'
import { PageHeading } from '@/components/page-heading'
import { Skeleton } from '@/components/ui/skeleton'
import { useClientDashboard } from '@/features/client-area/api/dashboard'
import { LessonsCard } from '@/features/client-area/components/lessons-card'

function LessonsContent() {
  // The training link comes with the dashboard's answer (shared cache when the client came from there).
  const dashboard = useClientDashboard()
  if (dashboard.isPending) return <Skeleton className="h-56" data-testid="lessons-skeleton" />
  if (!dashboard.data) {
    return (
      <SectionError
        title="Erro ao carregar área de ensino"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    )
  }
  return <LessonsCard lessonsUrl={dashboard.data.lessonsUrl} />
}

/**
 * /lessons: a button to the tenant's training material, when there is any. The menus, the page and the browser tab
 * all call it Área de Ensino (the spec's menu term), so the client meets one name.
 */
export function ClientLessonsPage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Área de Ensino" description="Materiais de treinamento para aproveitar ao máximo seus robôs" />
      <LessonsContent />
    </div>
  )
}
