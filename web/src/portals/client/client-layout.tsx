import { useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router-dom'
import { LogOutIcon, MenuIcon, XIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { BrandLogo } from '@/components/brand-logo'
import { SignedInOnly } from '@/components/auth/session-gates'
import { cn } from '@/lib/class-names'
import type { ClientSession } from '@/lib/api/types'
import { menuOf } from '@/components/portal-shell/screens'
import { useClientLogout, useClientSession } from '@/features/auth/api/client-session'
import { useClientBrand } from './client-brand'
import type { ClientLayoutKind } from './client-layout-choice'
import { ClientLayoutToggle } from './client-layout-toggle'
import { clientProfileItem, clientScreens } from './client-screens'

const clientNavigation = menuOf(clientScreens)

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
  )
}

interface ClientShellProps {
  user: ClientSession['user']
  onLayoutChange: (layout: ClientLayoutKind) => void
}

function ClientShell({ user, onLayoutChange }: ClientShellProps) {
  const brand = useClientBrand()
  const logout = useClientLogout()
  const [menuOpen, setMenuOpen] = useState(false)
  const tenantName = brand.name ?? 'Portal do Cliente'

  return (
    <div className="flex min-h-svh flex-col">
      <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link to="/dashboard" className="flex min-w-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <BrandLogo src={brand.logoUrl} name={tenantName} />
            <span className="truncate" data-testid="tenant-name">
              {tenantName}
            </span>
          </Link>
          <nav aria-label="Navegação principal" className="ml-4 hidden items-center gap-1 md:flex">
            {clientNavigation.map((item) => (
              <NavLink key={item.path} to={item.path} className={navLinkClass}>
                <item.icon className="size-4" aria-hidden />
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto hidden items-center gap-3 md:flex">
            <ClientLayoutToggle current="header" onChange={onLayoutChange} iconsOnly />
            <Link
              to={clientProfileItem.path}
              title="Meu perfil"
              className="inline-flex max-w-48 items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <clientProfileItem.icon className="size-4 shrink-0" aria-hidden />
              <span className="truncate" data-testid="current-user-name">
                {user.name}
              </span>
            </Link>
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOutIcon aria-hidden />
              Sair
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto md:hidden"
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={menuOpen}
            aria-controls="client-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon /> : <MenuIcon />}
          </Button>
        </div>
        {menuOpen && (
          <div id="client-mobile-menu" className="border-t px-4 py-3 md:hidden">
            <nav aria-label="Navegação móvel" className="grid gap-1">
              {clientNavigation.map((item) => (
                <NavLink key={item.path} to={item.path} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  <item.icon className="size-4" aria-hidden />
                  {item.label}
                </NavLink>
              ))}
              <NavLink to={clientProfileItem.path} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                <clientProfileItem.icon className="size-4" aria-hidden />
                {clientProfileItem.label}
              </NavLink>
            </nav>
            <div className="mt-3 flex items-center justify-between gap-2 border-t pt-3">
              <span className="truncate text-sm text-muted-foreground">{user.name}</span>
              <ClientLayoutToggle current="header" onChange={onLayoutChange} className="ml-auto" />
              <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
                <LogOutIcon aria-hidden />
                Sair
              </Button>
            </div>
          </div>
        )}
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-6">
        <Outlet />
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {tenantName}
      </footer>
    </div>
  )
}

/** The header variant of the signed-in client screens (the default); everyone else goes to /login. */
export function ClientLayout({ onLayoutChange }: { onLayoutChange: (layout: ClientLayoutKind) => void }) {
  const session = useClientSession()
  return (
    <SignedInOnly session={session} loginPath="/login">
      {({ user }) => <ClientShell user={user} onLayoutChange={onLayoutChange} />}
    </SignedInOnly>
  )
}
