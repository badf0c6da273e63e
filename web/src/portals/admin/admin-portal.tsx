import { Route, Routes } from 'react-router-dom'
import { NotFoundPage } from '@/components/not-found-page'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { screenRoutes } from '@/components/portal-shell/screens'
import type { PortalBrand } from '@/lib/page-title'
import { useDocumentTheme } from '@/lib/theme/document-theme'
import { DEFAULT_THEME } from '@/lib/theme/palette'
import { AdminLayout } from './admin-layout'
import { AdminLoginPage } from './admin-login-page'
import { adminScreens } from './admin-screens'

const platformBrand: PortalBrand = { displayName: null, faviconUrl: null }

export default function AdminPortal() {
  // The platform's own look: the spec's default theme (colours and the Inter font) through the same tokens.
  useDocumentTheme(DEFAULT_THEME)
  return (
    <PortalBrandProvider brand={platformBrand}>
      <Routes>
        <Route path="/auth" element={<AdminLoginPage />} />
        <Route element={<AdminLayout />}>{screenRoutes(adminScreens)}</Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PortalBrandProvider>
  )
}
