import { useMemo } from 'react'
import { Route } from 'react-router-dom'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import type { PortalBrand } from '@/lib/page-title'
import { TenantLayout } from './tenant-layout'
import { TenantLoginPage } from './tenant-login-page'
import * as pages from './tenant-pages'
import { tenantDisplayName, useTenantSession } from './tenant-session'

export default function TenantPortal() {
  const { data: session } = useTenantSession()
  const brand = useMemo<PortalBrand>(
    () => ({ displayName: tenantDisplayName(session), faviconUrl: session?.tenant.faviconUrl ?? null }),
    [session],
  )

  return (
    <PortalBrandProvider brand={brand}>
      <SignInPortalRoutes loginPage={<TenantLoginPage />} layout={<TenantLayout />}>
        <Route path="dashboard" element={<pages.TenantDashboardPage />} />
        <Route path="clients" element={<pages.TenantClientsPage />} />
        <Route path="robots" element={<pages.TenantRobotsPage />} />
        <Route path="robot-factory" element={<pages.TenantRobotFactoryPage />} />
        <Route path="licenses" element={<pages.TenantLicensesPage />} />
        <Route path="sales" element={<pages.TenantSalesPage />} />
        <Route path="subscriptions" element={<pages.TenantSubscriptionsPage />} />
        <Route path="settings" element={<pages.TenantSettingsPage />} />
        <Route path="email-settings" element={<pages.TenantEmailSettingsPage />} />
      </SignInPortalRoutes>
    </PortalBrandProvider>
  )
}
