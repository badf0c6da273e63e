import { Link, Navigate, Outlet, useLocation } from 'react-router-dom'
import { BotIcon, LogOutIcon } from 'lucide-react'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar'
import { Button } from '@/components/ui/button'
import { FullScreenSpinner } from '@/components/ui/spinner'
import { SessionError } from '@/components/session-error'
import { initials } from '@/lib/format'
import { isActivePath } from '@/lib/navigation'
import { adminNavigation } from './admin-navigation'
import { useAdminLogout, useAdminSession } from './admin-session'

function AdminSidebar() {
  const { pathname } = useLocation()
  const { data: user } = useAdminSession()
  const logout = useAdminLogout()
  const { isMobile, setOpenMobile } = useSidebar()
  const closeOnMobile = () => isMobile && setOpenMobile(false)

  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex items-center gap-2 px-1 py-1.5">
          <div className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <BotIcon className="size-4" aria-hidden />
          </div>
          <div className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold">RoboForge</span>
            <span className="truncate text-xs text-muted-foreground">Admin Master</span>
          </div>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Gestão</SidebarGroupLabel>
          <nav aria-label="Navegação principal">
            <SidebarMenu>
              {adminNavigation.map((item) => (
                <SidebarMenuItem key={item.path}>
                  <SidebarMenuButton asChild isActive={isActivePath(pathname, item.path)} tooltip={item.label}>
                    <Link to={item.path} onClick={closeOnMobile}>
                      <item.icon aria-hidden />
                      <span>{item.label}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <div className="flex items-center gap-2 px-1 py-1">
          <div aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-xs font-medium">
            {initials(user?.name)}
          </div>
          <div className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate text-sm font-medium" data-testid="current-user-name">
              {user?.name}
            </span>
            <span className="truncate text-xs text-muted-foreground">{user?.email}</span>
          </div>
        </div>
        <Button
          variant="ghost"
          className="justify-start group-data-[collapsible=icon]:size-8 group-data-[collapsible=icon]:p-2"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-label="Sair"
        >
          <LogOutIcon aria-hidden />
          <span className="group-data-[collapsible=icon]:hidden">Sair</span>
        </Button>
      </SidebarFooter>
    </Sidebar>
  )
}

/** Signed-in admin screens; everyone else goes to /auth. */
export function AdminLayout() {
  const session = useAdminSession()
  if (session.isPending) return <FullScreenSpinner />
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />
  if (!session.data) return <Navigate to="/auth" replace />

  return (
    <SidebarProvider>
      <AdminSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger />
          <span className="text-sm text-muted-foreground">Painel administrativo</span>
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  )
}
