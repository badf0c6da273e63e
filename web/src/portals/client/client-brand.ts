import type { ClientSession, TenantBranding } from '@/lib/api/types'
import { useClientSession } from '@/features/auth/api/client-session'
import { useTenantBranding } from '@/features/branding/api/tenant-branding'

export interface ClientBrand {
  name: string | null
  logoUrl: string | null
  faviconUrl: string | null
}

export function clientBrand(session: ClientSession | null | undefined, branding: TenantBranding | null | undefined): ClientBrand {
  return {
    name: session?.tenant.displayName?.trim() || session?.tenant.name?.trim() || branding?.displayName?.trim() || branding?.name?.trim() || null,
    logoUrl: session?.tenant.logoUrl || branding?.logoUrl || null,
    faviconUrl: session?.tenant.faviconUrl || branding?.faviconUrl || null,
  }
}

export function useClientBrand(): ClientBrand & { branding: TenantBranding | null; brandingFailed: boolean } {
  const { data: session } = useClientSession()
  const { data: branding, isError } = useTenantBranding()
  return { ...clientBrand(session, branding), branding: branding ?? null, brandingFailed: isError }
}
