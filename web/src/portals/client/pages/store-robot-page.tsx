import { Link, useParams } from 'react-router-dom'
import { Skeleton } from '@/components/ui/skeleton'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { usePageTitle } from '@/lib/page-title'
import { useStoreRobot } from '@/features/storefront/api/public-store'
import { StoreRobotView } from '@/features/storefront/components/store-robot-view'
import { StoreLinks, useStorePaths } from './store-links'

/** /loja/:robotId: one robot's sales page, for anyone (no sign-in), in the tenant's branding. */
export function StoreRobotPage() {
  const { robotId = '' } = useParams()
  const page = useStoreRobot(robotId)
  const paths = useStorePaths()
  usePageTitle(page.data?.robot.name ?? 'Loja')

  if (page.data) return <StoreRobotView page={page.data} links={<StoreLinks />} />
  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      {page.isError ? (
        <>
          <SectionError title="Erro ao carregar página de vendas" error={page.error} onRetry={() => void page.refetch()} retrying={page.isFetching} />
          <Link to={paths.catalog} className="text-sm underline-offset-4 hover:underline">
            Ver todos os robôs
          </Link>
        </>
      ) : (
        <div className="flex flex-col items-center gap-4" role="status" aria-busy="true" aria-label="Carregando página de vendas">
          <Skeleton className="size-20" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-12 w-48" />
        </div>
      )}
    </main>
  )
}
