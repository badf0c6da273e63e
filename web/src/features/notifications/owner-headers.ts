import { readTenantSecret } from '@/lib/api/tenant-context'

/**
 * Headers a tenant owner's stream needs besides the session cookie: the stored tenant secret.
 * Pass as `headers` to the bell or the hook; read on each connection, so a new login's key is used.
 */
export function tenantOwnerStreamHeaders(): HeadersInit | undefined {
  const secret = readTenantSecret()
  return secret ? { 'X-Tenant-Secret': secret } : undefined
}
