import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouteErrorPage } from '@/components/route-error-page'
import { DeferredToaster } from '@/components/ui/deferred-toaster'
import { FullScreenSpinner } from '@/components/ui/spinner'
import { createQueryClient } from '@/lib/query-client'
import { currentPortal, type PortalKind } from '@/lib/portal'

// One bundle per portal: a client never downloads the admin screens and vice versa.
const portalRoots: Record<PortalKind, LazyExoticComponent<ComponentType>> = {
  admin: lazy(() => import('./portals/admin/admin-portal')),
  tenant: lazy(() => import('./portals/tenant/tenant-portal')),
  client: lazy(() => import('./portals/client/client-portal')),
}

/**
 * A data router (so a page with unsaved changes can hold in-app navigation: `useBlocker`) whose one route renders
 * the portal, which declares its own routes. A screen that throws shows the pt-BR error page, not react-router's.
 */
function portalRouter() {
  const { portal, basePath } = currentPortal()
  const PortalRoot = portalRoots[portal]
  const element = (
    <Suspense fallback={<FullScreenSpinner />}>
      <PortalRoot />
    </Suspense>
  )
  return createBrowserRouter([{ path: '*', element, errorElement: <RouteErrorPage /> }], { basename: basePath || undefined })
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(portalRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster />
    </QueryClientProvider>
  )
}
