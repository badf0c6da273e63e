import { createContext, useContext, useEffect } from 'react'

export const DEFAULT_DISPLAY_NAME = 'RoboForge'
export const DEFAULT_FAVICON = '/favicon.svg'

export interface PortalBrand {
  displayName: string | null
  faviconUrl: string | null
}

/** Name and tab icon of whoever owns the portal being shown: the tenant, or the platform itself. */
export const PortalBrandContext = createContext<PortalBrand>({ displayName: null, faviconUrl: null })

export function usePortalBrand(): PortalBrand {
  return useContext(PortalBrandContext)
}

export function pageTitle(name: string, displayName: string | null | undefined): string {
  return `${name} | ${displayName?.trim() || DEFAULT_DISPLAY_NAME}`
}

/** Sets document.title to "<page name> | <tenant display name or RoboForge>". */
export function usePageTitle(name: string): void {
  const { displayName } = usePortalBrand()
  useEffect(() => {
    document.title = pageTitle(name, displayName)
  }, [name, displayName])
}

/** Points the tab icon at the tenant's favicon, or the platform default when it has none. */
export function useTabIcon(faviconUrl: string | null | undefined): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      document.head.appendChild(link)
    }
    const href = faviconUrl?.trim() || DEFAULT_FAVICON
    link.href = href
    link.type = href.endsWith('.svg') ? 'image/svg+xml' : ''
  }, [faviconUrl])
}
