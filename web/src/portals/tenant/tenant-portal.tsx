import { useMemo } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PortalBrandContext, useTabIcon, type PortalBrand } from '@/lib/page-title'
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
  useTabIcon(brand.faviconUrl)

  return (
    <PortalBrandContext.Provider value={brand}>
      <Routes>
        <Route index element={<Navigate to="/login" replace />} />
        <Route path="login" element={<TenantLoginPage />} />
        <Route path="forgot-password" element={<pages.TenantForgotPasswordPage />} />
        <Route path="reset-password" element={<pages.TenantResetPasswordPage />} />
        <Route element={<TenantLayout />}>
          <Route path="dashboard" element={<pages.TenantDashboardPage />} />
          <Route path="clients" element={<pages.TenantClientsPage />} />
          <Route path="robots" element={<pages.TenantRobotsPage />} />
          <Route path="robot-factory" element={<pages.TenantRobotFactoryPage />} />
          <Route path="licenses" element={<pages.TenantLicensesPage />} />
          <Route path="sales" element={<pages.TenantSalesPage />} />
          <Route path="subscriptions" element={<pages.TenantSubscriptionsPage />} />
          <Route path="settings" element={<pages.TenantSettingsPage />} />
          <Route path="email-settings" element={<pages.TenantEmailSettingsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage homePath="/dashboard" />} />
      </Routes>
    </PortalBrandContext.Provider>
  )
}
