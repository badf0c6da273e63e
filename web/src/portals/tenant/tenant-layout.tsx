import { Link, Navigate, Outlet, useLocation } from 'react-router-dom'
import { LogOutIcon } from 'lucide-react'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
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
import { BrandLogo } from '@/components/brand-logo'
import { SessionError } from '@/components/session-error'
import { initials } from '@/lib/format'
import { isActivePath } from '@/lib/navigation'
import { tenantNavigation } from './tenant-navigation'
import { tenantDisplayName, useTenantLogout, useTenantSession } from './tenant-session'

function TenantSidebar() {
  const { pathname } = useLocation()
  const { data: session } = useTenantSession()
  const logout = useTenantLogout()
  const { isMobile, setOpenMobile } = useSidebar()
  const tenantName = tenantDisplayName(session) ?? 'White Label'

  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex items-center gap-2 px-1 py-1.5">
          <BrandLogo src={session?.tenant.logoUrl} name={tenantName} className="shrink-0" />
          <div className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold" data-testid="tenant-name">
              {tenantName}
            </span>
            <span className="truncate text-xs text-muted-foreground">Portal do Tenant</span>
          </div>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <nav aria-label="Navegação principal">
            <SidebarMenu>
              {tenantNavigation.map((item) => (
                <SidebarMenuItem key={item.path}>
                  <SidebarMenuButton asChild isActive={isActivePath(pathname, item.path)} tooltip={item.label}>
                    <Link to={item.path} onClick={() => isMobile && setOpenMobile(false)}>
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
            {initials(session?.user.name)}
          </div>
          <div className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate text-sm font-medium">{session?.user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{session?.user.email}</span>
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

/** Signed-in tenant-owner screens; everyone else goes to /login. */
export function TenantLayout() {
  const session = useTenantSession()
  if (session.isPending) return <FullScreenSpinner />
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />
  if (!session.data) return <Navigate to="/login" replace />

  return (
    <SidebarProvider>
      <TenantSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger />
          <span className="truncate text-sm text-muted-foreground">{tenantDisplayName(session.data) ?? 'White Label'} · Portal do Tenant</span>
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  )
}
