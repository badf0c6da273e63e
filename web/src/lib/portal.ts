export type PortalKind = 'admin' | 'tenant' | 'client'

export interface PortalSelection {
  portal: PortalKind
  /** Router basename: development hosts prefix tenant and client routes, production hosts do not. */
  basePath: '' | '/tenant' | '/client'
}

/** Placeholder the server replaces with the configured root domain when it serves index.html. */
export const PLATFORM_DOMAIN_PLACEHOLDER = '__RF_PLATFORM_DOMAIN__'

function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

/** Placeholder the server replaces with its DEV_HOSTS list (comma separated). */
export const DEV_HOSTS_PLACEHOLDER = '__RF_DEV_HOSTS__'

/**
 * A development host is one the server's DEV_HOSTS names (or a subdomain of one), as in
 * `shared::portal`: never implied by the name, since a Host header is the caller's to choose.
 */
export function isDevelopmentHost(hostname: string, _platformDomain: string, devHosts: readonly string[] = []): boolean {
  const host = normalizeHost(hostname).replace(/^\[(.*)\]$/, '$1')
  return devHosts.some((dev) => host === dev || host.endsWith(`.${dev}`))
}

/** True for `/segment` and `/segment/...`, but not `/segments` (admin has /tenants and /clients). */
function pathHasPrefix(pathname: string, segment: string): boolean {
  return pathname === segment || pathname.startsWith(`${segment}/`)
}

export function selectPortal(
  hostname: string,
  pathname: string,
  platformDomain: string,
  extraDevHosts: readonly string[] = [],
): PortalSelection {
  const host = normalizeHost(hostname)
  const root = normalizeHost(platformDomain)

  if (isDevelopmentHost(host, root, extraDevHosts)) {
    if (pathHasPrefix(pathname, '/tenant')) return { portal: 'tenant', basePath: '/tenant' }
    if (pathHasPrefix(pathname, '/client')) return { portal: 'client', basePath: '/client' }
    return { portal: 'admin', basePath: '' }
  }

  if (host === root || host === `admin.${root}` || host === `www.${root}`) {
    return { portal: 'admin', basePath: '' }
  }
  if (host.startsWith('admin.')) return { portal: 'tenant', basePath: '' }
  return { portal: 'client', basePath: '' }
}

/** Root domain from the page's meta tag; the unreplaced placeholder (vite dev) means localhost. */
export function readPlatformDomain(doc: Document = document): string {
  const content = doc.querySelector('meta[name="rf-platform-domain"]')?.getAttribute('content')?.trim()
  if (!content || content === PLATFORM_DOMAIN_PLACEHOLDER) return 'localhost'
  return content
}

/** Local hosts the Vite dev server (which fills no placeholder) treats as development. */
const VITE_DEV_HOSTS = ['localhost', '127.0.0.1']

/** Development hosts (server's DEV_HOSTS) from the page's meta tag. */
export function readExtraDevHosts(doc: Document = document): string[] {
  const content = doc.querySelector('meta[name="rf-dev-hosts"]')?.getAttribute('content')?.trim() ?? ''
  if (content === DEV_HOSTS_PLACEHOLDER) return [...VITE_DEV_HOSTS]
  return content
    .split(',')
    .map(normalizeHost)
    .filter(Boolean)
}

let cachedSelection: PortalSelection | null = null

/** The portal of this page load; the portal never changes without a full navigation. */
export function currentPortal(): PortalSelection {
  cachedSelection ??= selectPortal(window.location.hostname, window.location.pathname, readPlatformDomain(), readExtraDevHosts())
  return cachedSelection
}

export function onDevelopmentHost(): boolean {
  return isDevelopmentHost(window.location.hostname, readPlatformDomain(), readExtraDevHosts())
}
