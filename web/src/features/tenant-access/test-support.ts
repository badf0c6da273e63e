/**
 * Test helpers of the role-aware tenant portal (imported by tests only).
 */
import { authKeys } from '@/lib/query-keys/auth'
import type { TenantSession } from '@/lib/api/types'
import type { OwnerRole } from './permissions'

const names: Record<OwnerRole, string> = { admin: 'Olívia Owner', support: 'Sérgio Suporte', financial: 'Fátima Financeiro' }

/** A signed-in owner of the given role, as GET /api/tenant-auth/me answers. */
export function ownerSession(role: OwnerRole = 'admin'): TenantSession {
  return {
    user: { id: `0190c0de-0000-7000-8000-0000000000${role === 'admin' ? '02' : role === 'support' ? '03' : '04'}`, name: names[role], email: `${role}@loja.com`, role },
    tenant: { id: '0190c0de-0000-7000-8000-0000000000aa', name: 'loja', displayName: 'Loja Robôs', logoUrl: null, faviconUrl: null },
  }
}

/** `renderWithProviders`' `queryData` entry of an owner of `role` signed in (default an Administrador). */
export function signedInOwner(role: OwnerRole = 'admin') {
  return [authKeys.session('tenant'), ownerSession(role)] as const
}
