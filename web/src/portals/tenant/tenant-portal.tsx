import { useMemo } from 'react'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { screenRoutes } from '@/components/portal-shell/screens'
import { SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { tenantDisplayName, useTenantSession } from '@/features/auth/api/tenant-session'
import { roleCan } from '@/features/tenant-access/permissions'
import { useTenantSettingsTheme } from '@/features/tenant-catalog/settings-theme'
import type { PortalBrand } from '@/lib/page-title'
import { TenantLayout } from './tenant-layout'
import { TenantLoginPage } from './tenant-login-page'
import { TenantForgotPasswordPage } from './pages/forgot-password-page'
import { TenantResetPasswordPage } from './pages/reset-password-page'
import { guardedTenantScreens, tenantHomePath } from './tenant-screens'

export default function TenantPortal() {
  const { data: session } = useTenantSession()
  const role = session?.user.role
  // The whole portal (sign-in pages included) is in one theme: the tenant's saved one once the owner is in. Reading
  // the settings is ViewSettings: a Suporte owner would only get a 403, and keeps the default look.
  useTenantSettingsTheme(Boolean(session) && roleCan(role, 'ViewSettings'))
  const brand = useMemo<PortalBrand>(
    () => ({ displayName: tenantDisplayName(session), faviconUrl: session?.tenant.faviconUrl ?? null }),
    [session],
  )
  const routes = useMemo(() => screenRoutes(guardedTenantScreens(role)), [role])

  return (
    <PortalBrandProvider brand={brand}>
      <SignInPortalRoutes
        loginPage={<TenantLoginPage />}
        forgotPasswordPage={<TenantForgotPasswordPage />}
        resetPasswordPage={<TenantResetPasswordPage />}
        layout={<TenantLayout />}
        homePath={tenantHomePath(role)}
      >
        {routes}
      </SignInPortalRoutes>
    </PortalBrandProvider>
  )
}
