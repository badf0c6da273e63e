import { Skeleton } from '@/components/ui/skeleton'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { usePageTitle } from '@/lib/page-title'
import { useStore } from '@/features/storefront/api/public-store'
import { StoreCatalog } from '@/features/storefront/components/store-catalog'
import { StoreHeader, storeName } from '@/features/storefront/components/store-header'
import { StoreLinks, useStorePaths } from './store-links'

/** /loja: the tenant's published robots, for anyone (no sign-in), in the tenant's branding. */
export function StoreCatalogPage() {
  usePageTitle('Loja')
  const store = useStore()
  const paths = useStorePaths()

  return (
    <main className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:px-6">
      {store.data ? (
        <>
          <StoreHeader branding={store.data.branding}>
            <StoreLinks withCatalog={false} />
          </StoreHeader>
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Robôs de {storeName(store.data.branding)}</h1>
            <p className="text-muted-foreground">Escolha o robô, veja os detalhes e compre com segurança.</p>
          </div>
          <StoreCatalog robots={store.data.robots} detailsHref={paths.robot} />
        </>
      ) : store.isError ? (
        <SectionError title="Erro ao carregar a loja" error={store.error} onRetry={() => void store.refetch()} retrying={store.isFetching} />
      ) : (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Carregando a loja">
          <Skeleton className="h-10 w-48" />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-56" />
            <Skeleton className="h-56" />
            <Skeleton className="h-56" />
          </div>
        </div>
      )}
    </main>
  )
}
