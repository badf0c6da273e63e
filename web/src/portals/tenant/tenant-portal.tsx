import { useMemo } from 'react'
import { PortalBrandProvider } from '@/components/portal-shell/portal-brand-provider'
import { lazyPage } from '@/components/portal-shell/screens'
import { SignInPortalRoutes } from '@/components/portal-shell/sign-in-portal-routes'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { tenantDisplayName } from '@/features/auth/api/tenant-session'
import { roleCan } from '@/features/tenant-access/permissions'
import { useTenantSettingsTheme } from '@/features/tenant-catalog/settings-theme'
import type { PortalBrand } from '@/lib/page-title'

// The public pages and the signed-in screens (their table, layout and routes) are chunks of their own: the login page
// never downloads the signed-in screens (nor the password pages' forms), and a signed-in owner never downloads the
// login form.
const TenantLoginPage = lazyPage(() => import('./tenant-login-page'), 'TenantLoginPage')
const TenantForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'), 'TenantForgotPasswordPage')
const TenantResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'), 'TenantResetPasswordPage')
const TenantInvitationPage = lazyPage(() => import('./pages/invitation-page'), 'TenantInvitationPage')
const TenantSignedIn = lazyPage(() => import('./tenant-signed-in'), 'TenantSignedIn')

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

  return (
    <PortalBrandProvider brand={brand}>
      <SignInPortalRoutes
        loginPage={<TenantLoginPage />}
        forgotPasswordPage={<TenantForgotPasswordPage />}
        resetPasswordPage={<TenantResetPasswordPage />}
        invitationPage={<TenantInvitationPage />}
        signedIn={<TenantSignedIn />}
      />
    </PortalBrandProvider>
  )
}
