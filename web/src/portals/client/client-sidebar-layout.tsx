import { SignedInOnly } from '@/components/auth/session-gates'
import { SidebarPortalLayout } from '@/components/portal-shell/sidebar-portal-layout'
import { sidebarMenuOf } from '@/components/portal-shell/screens'
import { useClientLogout, useClientSession } from '@/features/auth/api/client-session'
import { useClientBrand } from './client-brand'
import type { ClientLayoutKind } from './client-layout-choice'
import { ClientLayoutToggle } from './client-layout-toggle'
import { clientProfileItem, clientScreens } from './client-screens'

// The sidebar's labels: a screen's `sidebarLabel` where it has one. The sidebar has room for "Meu perfil", which the
// header reaches from the person's name instead.
const clientSidebarNavigation = [...sidebarMenuOf(clientScreens), clientProfileItem]

/**
 * The sidebar variant of the signed-in client screens (spec 2.2), everyone else goes to /login: the shared
 * management sidebar (ctrl/cmd+B, remembered in a cookie, a drawer below 768 px) with the tenant's brand,
 * the client menu and the client with initials, e-mail and "Sair".
 */
export function ClientSidebarLayout({ onLayoutChange }: { onLayoutChange: (layout: ClientLayoutKind) => void }) {
  const session = useClientSession()
  const logout = useClientLogout()
  const brand = useClientBrand()
  const tenantName = brand.name ?? 'Portal do Cliente'

  return (
    <SignedInOnly session={session} loginPath="/login">
      {({ user }) => (
        <SidebarPortalLayout
          // Without a tenant name the fallback already says "Portal do Cliente"; no need to repeat it underneath.
          brand={{ name: tenantName, caption: brand.name ? 'Portal do Cliente' : undefined, logoUrl: brand.logoUrl, nameTestId: 'tenant-name' }}
          navigation={clientSidebarNavigation}
          user={user}
          logout={logout}
          header={
            <>
              {/* The sidebar (and its brand) is a closed drawer on phones, so the top bar names the tenant there. */}
              <span className="truncate text-sm font-medium md:hidden">{tenantName}</span>
              <ClientLayoutToggle current="sidebar" onChange={onLayoutChange} className="ml-auto" />
            </>
          }
        />
      )}
    </SignedInOnly>
  )
}
