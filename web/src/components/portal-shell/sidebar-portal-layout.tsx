import type * as React from 'react'
import { Link, Outlet, useLocation } from 'react-router-dom'
import { LogOutIcon } from 'lucide-react'
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
import { BrandLogo } from '@/components/brand-logo'
import { initials } from '@/lib/format'
import { isActivePath, type NavigationItem } from '@/lib/navigation'

/** Who owns the portal, as the sidebar's header shows it. */
export interface SidebarBrand {
  name: string
  /** The line under the name, e.g. "Admin Master"; none when the name already says it all. */
  caption?: string
  logoUrl?: string | null
  nameTestId?: string
}

export interface SidebarPortalLayoutProps {
  brand: SidebarBrand
  navigation: NavigationItem[]
  /** Heading above the navigation list, if any. */
  navigationLabel?: string
  user: { name: string; email: string }
  logout: { mutate: () => void; isPending: boolean }
  /** What the top bar shows next to the sidebar toggle. */
  header: React.ReactNode
}

function PortalSidebar({ brand, navigation, navigationLabel, user, logout }: Omit<SidebarPortalLayoutProps, 'header'>) {
  const { pathname } = useLocation()
  const { isMobile, setOpenMobile } = useSidebar()
  const closeOnMobile = () => isMobile && setOpenMobile(false)

  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex items-center gap-2 px-1 py-1.5">
          <BrandLogo src={brand.logoUrl} name={brand.name} className="shrink-0" />
          <div className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold" data-testid={brand.nameTestId}>
              {brand.name}
            </span>
            {brand.caption && <span className="truncate text-xs text-muted-foreground">{brand.caption}</span>}
          </div>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          {navigationLabel && <SidebarGroupLabel>{navigationLabel}</SidebarGroupLabel>}
          <nav aria-label="Navegação principal">
            <SidebarMenu>
              {navigation.map((item) => (
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
            {/* An empty circle would look broken when the name has no letters to show. */}
            {initials(user.name) || '?'}
          </div>
          <div className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate text-sm font-medium" data-testid="current-user-name">
              {user.name}
            </span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
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

/**
 * The signed-in screens of a management portal (admin, tenant owner): a collapsible sidebar with the brand,
 * the navigation and the user with "Sair", and a top bar over the current screen.
 */
export function SidebarPortalLayout({ header, ...sidebar }: SidebarPortalLayoutProps) {
  return (
    <SidebarProvider>
      <PortalSidebar {...sidebar} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger />
          {header}
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  )
}
