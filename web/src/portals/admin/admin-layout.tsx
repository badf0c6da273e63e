import { SignedInOnly } from '@/components/auth/session-gates'
import { SidebarPortalLayout } from '@/components/portal-shell/sidebar-portal-layout'
import { menuOf } from '@/components/portal-shell/screens'
import { useDashboardLiveRefresh } from '@/features/admin-dashboard/api/live-refresh'
import { useAdminLogout, useAdminSession } from '@/features/auth/api/admin-session'
import { NotificationBell } from '@/features/notifications'
import { adminScreens } from './admin-screens'

const adminNavigation = menuOf(adminScreens)

/** The admin's top bar: the portal's name and the live notification bell, which also keeps the dashboard current. */
function AdminHeader() {
  const refreshDashboard = useDashboardLiveRefresh()
  return (
    <>
      <span className="text-sm text-muted-foreground">Painel administrativo</span>
      <div className="ml-auto">
        <NotificationBell onNotification={refreshDashboard} />
      </div>
    </>
  )
}

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
          header={<AdminHeader />}
        />
      )}
    </SignedInOnly>
  )
}
