import { lazy, Suspense, type FunctionComponent, type LazyExoticComponent } from 'react'
import type * as React from 'react'
import { Route } from 'react-router-dom'
import { Skeleton } from '@/components/ui/skeleton'
import type { NavigationItem } from '@/lib/navigation'

/**
 * One signed-in screen of a portal: its menu entry (label, icon) and its page, at one path.
 * A portal's screen table is the only place that names its paths: the menu and the routes are both derived from it.
 */
export interface Screen extends NavigationItem {
  /** What the route shows, usually a `lazyPage`. */
  element: React.ReactNode
  /** False for screens reached from other screens only (detail pages, wizards). Default true. */
  inMenu?: boolean
  /** The entry's label in a sidebar menu, where it differs from the top menu's (none today: one name per screen reads best). */
  sidebarLabel?: string
}

/**
 * A component (a page, a portal's login page or signed-in screens) loaded when first shown: its code is a chunk of
 * its own, which arrives with the screen. Render it inside a `Suspense`.
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): LazyExoticComponent<PageOf<Module[Name]>> {
  return lazy(() => load().then((module) => ({ default: module[name] as PageOf<Module[Name]> })))
}

/** The function component an export is, with its props (never for anything else, so that using it fails to compile). */
type PageOf<Export> = Export extends (props: infer Props) => React.ReactNode ? FunctionComponent<Props> : never

/** The menu entries of a screen table, in table order. */
export function menuOf(screens: readonly Screen[]): NavigationItem[] {
  return screens.filter((screen) => screen.inMenu !== false).map(({ label, path, icon }) => ({ label, path, icon }))
}

/** The menu entries of a screen table as a sidebar lists them: `sidebarLabel` where a screen has one. */
export function sidebarMenuOf(screens: readonly Screen[]): NavigationItem[] {
  return screens
    .filter((screen) => screen.inMenu !== false)
    .map(({ label, sidebarLabel, path, icon }) => ({ label: sidebarLabel ?? label, path, icon }))
}

/** Placeholder while a screen's code loads: a heading and a few rows. */
export function ScreenSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Carregando">
      <Skeleton className="h-8 w-48" />
      <div className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  )
}

/** The `<Route>`s of a screen table ('/' becomes the index route), to place inside the portal's layout route. */
export function screenRoutes(screens: readonly Screen[]): React.ReactElement[] {
  return screens.map((screen) => {
    const element = <Suspense fallback={<ScreenSkeleton />}>{screen.element}</Suspense>
    return screen.path === '/' ? (
      <Route key={screen.path} index element={element} />
    ) : (
      <Route key={screen.path} path={screen.path.replace(/^\//, '')} element={element} />
    )
  })
}
