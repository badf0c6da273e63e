import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/toaster'
import { FullScreenSpinner } from '@/components/ui/spinner'
import { createQueryClient } from '@/lib/query-client'
import { currentPortal, type PortalKind } from '@/lib/portal'

// One bundle per portal: a client never downloads the admin screens and vice versa.
const portalRoots: Record<PortalKind, LazyExoticComponent<ComponentType>> = {
  admin: lazy(() => import('./portals/admin/admin-portal')),
  tenant: lazy(() => import('./portals/tenant/tenant-portal')),
  client: lazy(() => import('./portals/client/client-portal')),
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const { portal, basePath } = currentPortal()
  const PortalRoot = portalRoots[portal]
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={basePath || undefined}>
        <Suspense fallback={<FullScreenSpinner />}>
          <PortalRoot />
        </Suspense>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  )
}
