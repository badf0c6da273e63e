import { useMemo } from 'react'
import { screenRoutes } from '@/components/portal-shell/screens'
import { SignedInRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { tenantHomePath } from './tenant-home'
import { TenantLayout } from './tenant-layout'
import { guardedTenantScreens } from './tenant-screens'

/**
 * Every tenant-owner path but the sign-in pages: the screens the owner's role may open in the tenant layout (the
 * no-access page on the others), and the 404 leading to the role's first screen. The portal loads it lazily.
 */
export function TenantSignedIn() {
  const role = useTenantSession().data?.user.role
  const routes = useMemo(() => screenRoutes(guardedTenantScreens(role)), [role])
  return (
    <SignedInRoutes layout={<TenantLayout />} homePath={tenantHomePath(role)}>
      {routes}
    </SignedInRoutes>
  )
}
