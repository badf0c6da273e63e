import { SignedInOnly } from '@/components/auth/session-gates'
import { SidebarPortalLayout } from '@/components/portal-shell/sidebar-portal-layout'
import { menuOf } from '@/components/portal-shell/screens'
import { useAdminLogout, useAdminSession } from '@/features/auth/api/admin-session'
import { adminScreens } from './admin-screens'

const adminNavigation = menuOf(adminScreens)

/** Signed-in admin screens; everyone else goes to /auth. */
export function AdminLayout() {
  const session = useAdminSession()
  const logout = useAdminLogout()
  return (
    <SignedInOnly session={session} loginPath="/auth">
      {(user) => (
        <SidebarPortalLayout
          brand={{ name: 'RoboForge', caption: 'Admin Master' }}
          navigationLabel="Gestão"
          navigation={adminNavigation}
          user={user}
          logout={logout}
          header={<span className="text-sm text-muted-foreground">Painel administrativo</span>}
        />
      )}
    </SignedInOnly>
  )
}
