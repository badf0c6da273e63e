import { useEffect } from 'react'
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

export function useClientBrand(): ClientBrand & { branding: TenantBranding | null } {
  const { data: session } = useClientSession()
  const { data: branding } = useTenantBranding()
  return { ...clientBrand(session, branding), branding: branding ?? null }
}

const HEX_COLOUR = /^#?[0-9a-f]{6}$/i

function asColour(value: string | null | undefined): string | null {
  if (!value || !HEX_COLOUR.test(value.trim())) return null
  const hex = value.trim()
  return hex.startsWith('#') ? hex : `#${hex}`
}

/** Tenant colours and font replace the default theme tokens for the whole client portal. */
export function useBrandingTheme(branding: TenantBranding | null): void {
  useEffect(() => {
    if (!branding) return
    const root = document.documentElement
    const tokens: Array<[string, string | null]> = [
      ['--primary', asColour(branding.primaryColor)],
      ['--ring', asColour(branding.primaryColor)],
      ['--background', asColour(branding.backgroundColor)],
      ['--card', asColour(branding.surfaceColor)],
      ['--popover', asColour(branding.surfaceColor)],
      ['--border', asColour(branding.borderColor)],
      ['--font-sans-family', branding.customFont?.trim() ? `'${branding.customFont.trim().replace(/['"\\;]/g, '')}', ui-sans-serif, system-ui, sans-serif` : null],
    ]
    const applied = tokens.filter((entry): entry is [string, string] => entry[1] !== null)
    applied.forEach(([name, value]) => root.style.setProperty(name, value))
    return () => applied.forEach(([name]) => root.style.removeProperty(name))
  }, [branding])
}
