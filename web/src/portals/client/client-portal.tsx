import { useMemo } from 'react'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { screenRoutes } from '@/components/portal-shell/screens'
import { SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { readClientTenant } from '@/lib/api/tenant-context'
import type { PortalBrand } from '@/lib/page-title'
import { useBrandingTheme } from '@/features/branding/branding-theme'
import { useClientBrand } from './client-brand'
import { ClientLayout } from './client-layout'
import { useClientLayoutChoice } from './client-layout-choice'
import { ClientSidebarLayout } from './client-sidebar-layout'
import { ClientLoginPage } from './client-login-page'
import { ClientForgotPasswordPage } from './pages/forgot-password-page'
import { ClientResetPasswordPage } from './pages/reset-password-page'
import { clientScreens } from './client-screens'

// Remember `?tenant=` from the link the client arrived with before any API call is made.
readClientTenant()

export default function ClientPortal() {
  const brand = useClientBrand()
  useBrandingTheme(brand.branding, { failed: brand.brandingFailed })
  const [layout, setLayout] = useClientLayoutChoice()
  const portalBrand = useMemo<PortalBrand>(() => ({ displayName: brand.name, faviconUrl: brand.faviconUrl }), [brand.name, brand.faviconUrl])

  return (
    <PortalBrandProvider brand={portalBrand}>
      <SignInPortalRoutes
        loginPage={<ClientLoginPage />}
        forgotPasswordPage={<ClientForgotPasswordPage />}
        resetPasswordPage={<ClientResetPasswordPage />}
        layout={layout === 'sidebar' ? <ClientSidebarLayout onLayoutChange={setLayout} /> : <ClientLayout onLayoutChange={setLayout} />}
      >
        {screenRoutes(clientScreens)}
      </SignInPortalRoutes>
    </PortalBrandProvider>
  )
}
