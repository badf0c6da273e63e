import { useMemo } from 'react'
import { Route } from 'react-router-dom'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { lazyPage } from '@/components/portal-shell/screens'
import { Loading, SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { readClientTenant } from '@/lib/api/tenant-context'
import type { PortalBrand } from '@/lib/page-title'
import { useBrandingTheme } from '@/features/branding/branding-theme'
import { useClientBrand } from './client-brand'

// The public pages and the signed-in screens (their table, layouts and routes) are chunks of their own: the login page
// never downloads the signed-in screens (nor the password pages' forms), and a signed-in client never downloads the
// login forms.
const ClientLoginPage = lazyPage(() => import('./client-login-page'), 'ClientLoginPage')
const ClientForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'), 'ClientForgotPasswordPage')
const ClientResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'), 'ClientResetPasswordPage')
// The seller's one-time access link (/acesso?token=…) signs the buyer in; public, as the reset link is.
const ClientAccessLinkPage = lazyPage(() => import('./pages/access-link-page'), 'ClientAccessLinkPage')
const ClientSignedIn = lazyPage(() => import('./client-signed-in'), 'ClientSignedIn')
// The storefront (catalog and sales pages) is public too: a buyer arrives there from an ad or a shared link.
const StoreCatalogPage = lazyPage(() => import('./pages/store-catalog-page'), 'StoreCatalogPage')
const StoreRobotPage = lazyPage(() => import('./pages/store-robot-page'), 'StoreRobotPage')

// Remember `?tenant=` from the link the client arrived with before any API call is made.
readClientTenant()

export default function ClientPortal() {
  const brand = useClientBrand()
  useBrandingTheme(brand.branding, { failed: brand.brandingFailed })
  const portalBrand = useMemo<PortalBrand>(() => ({ displayName: brand.name, faviconUrl: brand.faviconUrl }), [brand.name, brand.faviconUrl])

  return (
    <PortalBrandProvider brand={portalBrand}>
      <SignInPortalRoutes
        loginPage={<ClientLoginPage />}
        forgotPasswordPage={<ClientForgotPasswordPage />}
        resetPasswordPage={<ClientResetPasswordPage />}
        signedIn={<ClientSignedIn />}
        publicRoutes={
          <>
            <Route path="loja" element={<Loading><StoreCatalogPage /></Loading>} />
            <Route path="loja/:robotId" element={<Loading><StoreRobotPage /></Loading>} />
            <Route path="acesso" element={<Loading><ClientAccessLinkPage /></Loading>} />
          </>
        }
      />
    </PortalBrandProvider>
  )
}
