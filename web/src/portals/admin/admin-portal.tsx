import { Route, Routes } from 'react-router-dom'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { lazyPage } from '@/components/portal-shell/screens'
import { Loading } from '@/components/portal-shell/sign-in-portal-routes'
import type { PortalBrand } from '@/lib/page-title'
import { useDocumentTheme } from '@/lib/theme/document-theme'
import { DEFAULT_THEME } from '@/lib/theme/palette'

// The login and the signed-in screens (their table, layout and routes) are chunks of their own: the login page never
// downloads the signed-in screens, and a signed-in admin never downloads the login form.
const AdminLoginPage = lazyPage(() => import('./admin-login-page'), 'AdminLoginPage')
const AdminSignedIn = lazyPage(() => import('./admin-signed-in'), 'AdminSignedIn')

const platformBrand: PortalBrand = { displayName: null, faviconUrl: null }

export default function AdminPortal() {
  // The platform's own look: the spec's default theme (colours and the Inter font) through the same tokens.
  useDocumentTheme(DEFAULT_THEME)
  return (
    <PortalBrandProvider brand={platformBrand}>
      <Routes>
        <Route
          path="/auth"
          element={
            <Loading>
              <AdminLoginPage />
            </Loading>
          }
        />
        <Route
          path="*"
          element={
            <Loading>
              <AdminSignedIn />
            </Loading>
          }
        />
      </Routes>
    </PortalBrandProvider>
  )
}
