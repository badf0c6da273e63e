/**
 * Browser-side memory of which tenant this visitor talks to.
 * Tenant owners no longer keep their security key here: the server's HttpOnly tenant pass stands for it. A key an
 * older portal stored is still sent as X-Tenant-Secret until the owner's next login, which forgets it. Clients on
 * development hosts keep the tenant named by the `?tenant=` link they arrived with, because
 * there the host name cannot tell the server which tenant is meant.
 */
export const TENANT_SECRET_KEY = 'tenant_secret'
export const CLIENT_TENANT_KEY = 'client_tenant'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be disabled (private mode, strict cookie settings); the portal still works per page.
    return null
  }
}

export function readTenantSecret(): string | null {
  return storage()?.getItem(TENANT_SECRET_KEY) || null
}

export function storeTenantSecret(secret: string): void {
  storage()?.setItem(TENANT_SECRET_KEY, secret)
}

export function forgetTenantSecret(): void {
  storage()?.removeItem(TENANT_SECRET_KEY)
}

/** `?tenant=` of the current page wins and is remembered, so later in-app navigation keeps it. */
export function readClientTenant(search: string = typeof window === 'undefined' ? '' : window.location.search): string | null {
  const fromUrl = new URLSearchParams(search).get('tenant')?.trim()
  if (fromUrl) {
    storage()?.setItem(CLIENT_TENANT_KEY, fromUrl)
    return fromUrl
  }
  return storage()?.getItem(CLIENT_TENANT_KEY) || null
}
