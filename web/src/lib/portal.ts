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

export function isDevelopmentHost(hostname: string, platformDomain: string): boolean {
  const host = normalizeHost(hostname)
  const root = normalizeHost(platformDomain)
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host === '::1' ||
    host === '[::1]' ||
    host.endsWith('.localhost') ||
    (root !== '' && host.endsWith(`.preview.${root}`))
  )
}

/** True for `/segment` and `/segment/...`, but not `/segments` (admin has /tenants and /clients). */
function pathHasPrefix(pathname: string, segment: string): boolean {
  return pathname === segment || pathname.startsWith(`${segment}/`)
}

export function selectPortal(hostname: string, pathname: string, platformDomain: string): PortalSelection {
  const host = normalizeHost(hostname)
  const root = normalizeHost(platformDomain)

  if (isDevelopmentHost(host, root)) {
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

let cachedSelection: PortalSelection | null = null

/** The portal of this page load; the portal never changes without a full navigation. */
export function currentPortal(): PortalSelection {
  cachedSelection ??= selectPortal(window.location.hostname, window.location.pathname, readPlatformDomain())
  return cachedSelection
}

export function onDevelopmentHost(): boolean {
  return isDevelopmentHost(window.location.hostname, readPlatformDomain())
}
