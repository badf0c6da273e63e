import { useMemo } from 'react'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { screenRoutes } from '@/components/portal-shell/screens'
import { SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { tenantDisplayName, useTenantSession } from '@/features/auth/api/tenant-session'
import { useTenantSettingsTheme } from '@/features/tenant-catalog/settings-theme'
import type { PortalBrand } from '@/lib/page-title'
import { TenantLayout } from './tenant-layout'
import { TenantLoginPage } from './tenant-login-page'
import { TenantForgotPasswordPage } from './pages/forgot-password-page'
import { TenantResetPasswordPage } from './pages/reset-password-page'
import { tenantScreens } from './tenant-screens'

export default function TenantPortal() {
  const { data: session } = useTenantSession()
  // The whole portal (sign-in pages included) is in one theme: the tenant's saved one once the owner is in.
  useTenantSettingsTheme(Boolean(session))
  const brand = useMemo<PortalBrand>(
    () => ({ displayName: tenantDisplayName(session), faviconUrl: session?.tenant.faviconUrl ?? null }),
    [session],
  )

  return (
    <PortalBrandProvider brand={brand}>
      <SignInPortalRoutes
        loginPage={<TenantLoginPage />}
        forgotPasswordPage={<TenantForgotPasswordPage />}
        resetPasswordPage={<TenantResetPasswordPage />}
        layout={<TenantLayout />}
      >
        {screenRoutes(tenantScreens)}
      </SignInPortalRoutes>
    </PortalBrandProvider>
  )
}
