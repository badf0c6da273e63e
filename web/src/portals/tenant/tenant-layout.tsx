import { SignedInOnly } from '@/components/auth/session-gates'
import { SidebarPortalLayout } from '@/components/portal-shell/sidebar-portal-layout'
import { menuOf } from '@/components/portal-shell/screens'
import { tenantDisplayName, useTenantLogout, useTenantSession } from '@/features/auth/api/tenant-session'
import { tenantScreens } from './tenant-screens'

const tenantNavigation = menuOf(tenantScreens)

/** Signed-in tenant-owner screens; everyone else goes to /login. */
export function TenantLayout() {
  const session = useTenantSession()
  const logout = useTenantLogout()
  return (
    <SignedInOnly session={session} loginPath="/login">
      {(signedIn) => {
        const tenantName = tenantDisplayName(signedIn) ?? 'White Label'
        return (
          <SidebarPortalLayout
            brand={{ name: tenantName, caption: 'Portal do Tenant', logoUrl: signedIn.tenant.logoUrl, nameTestId: 'tenant-name' }}
            navigation={tenantNavigation}
            user={signedIn.user}
            logout={logout}
            header={<span className="truncate text-sm text-muted-foreground">{tenantName} · Portal do Tenant</span>}
          />
        )
      }}
    </SignedInOnly>
  )
}
