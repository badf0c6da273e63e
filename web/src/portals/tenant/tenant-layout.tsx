import { SignedInOnly } from '@/components/auth/session-gates'
import { SidebarPortalLayout } from '@/components/portal-shell/sidebar-portal-layout'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { tenantDisplayName, useTenantLogout } from '@/features/auth/api/tenant-session'
import { NotificationBell, tenantOwnerStreamHeaders } from '@/features/notifications'
import { useRecheckSessionOnRefusal } from '@/features/tenant-access/use-can'
import { useTenantLiveRefresh } from '@/features/tenant-commerce/api/live-refresh'
import { tenantMenuFor } from './tenant-screens'

/** The top bar: the tenant and portal names, and the live bell, which also keeps the dashboard and lists current. */
function TenantHeader({ tenantName }: { tenantName: string }) {
  const refresh = useTenantLiveRefresh()
  return (
    <>
      <span className="truncate text-sm text-muted-foreground">{tenantName} · Portal do Revendedor</span>
      <div className="ml-auto">
        <NotificationBell headers={tenantOwnerStreamHeaders} onNotification={refresh} />
      </div>
    </>
  )
}

/**
 * Signed-in tenant-owner screens, everyone else goes to /login: the sidebar with the tenant's name
 * (fallback White Label), "Portal do Revendedor" and logo, the menu of the screens the owner's role may open, and the
 * owner with "Sair".
 */
export function TenantLayout() {
  const session = useTenantSession()
  const logout = useTenantLogout()
  useRecheckSessionOnRefusal()
  return (
    <SignedInOnly session={session} loginPath="/login">
      {(signedIn) => {
        const tenantName = tenantDisplayName(signedIn) ?? 'White Label'
        return (
          <SidebarPortalLayout
            brand={{ name: tenantName, caption: 'Portal do Revendedor', logoUrl: signedIn.tenant.logoUrl, nameTestId: 'tenant-name' }}
            navigation={tenantMenuFor(signedIn.user.role)}
            user={signedIn.user}
            logout={logout}
            header={<TenantHeader tenantName={tenantName} />}
          />
        )
      }}
    </SignedInOnly>
  )
}
