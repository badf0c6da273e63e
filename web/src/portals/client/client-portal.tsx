import { useMemo } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { readClientTenant } from '@/lib/api/tenant-context'
import { PortalBrandContext, useTabIcon, type PortalBrand } from '@/lib/page-title'
import { useBrandingTheme, useClientBrand } from './client-brand'
import { ClientLayout } from './client-layout'
import { ClientLoginPage } from './client-login-page'
import * as pages from './client-pages'

// Remember `?tenant=` from the link the client arrived with before any API call is made.
readClientTenant()

export default function ClientPortal() {
  const brand = useClientBrand()
  useBrandingTheme(brand.branding)
  useTabIcon(brand.faviconUrl)
  const portalBrand = useMemo<PortalBrand>(() => ({ displayName: brand.name, faviconUrl: brand.faviconUrl }), [brand.name, brand.faviconUrl])

  return (
    <PortalBrandContext.Provider value={portalBrand}>
      <Routes>
        <Route index element={<Navigate to="/login" replace />} />
        <Route path="login" element={<ClientLoginPage />} />
        <Route path="forgot-password" element={<pages.ClientForgotPasswordPage />} />
        <Route path="reset-password" element={<pages.ClientResetPasswordPage />} />
        <Route element={<ClientLayout />}>
          <Route path="dashboard" element={<pages.ClientDashboardPage />} />
          <Route path="robots" element={<pages.ClientRobotsPage />} />
          <Route path="subscriptions" element={<pages.ClientSubscriptionsPage />} />
          <Route path="lessons" element={<pages.ClientLessonsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage homePath="/dashboard" />} />
      </Routes>
    </PortalBrandContext.Provider>
  )
}
