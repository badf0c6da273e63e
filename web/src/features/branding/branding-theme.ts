import { useEffect } from 'react'
import type { TenantBranding } from '@/lib/api/types'

const HEX_COLOUR = /^#?[0-9a-f]{6}$/i

function asColour(value: string | null | undefined): string | null {
  if (!value || !HEX_COLOUR.test(value.trim())) return null
  const hex = value.trim()
  return hex.startsWith('#') ? hex : `#${hex}`
}

/** Tenant colours and font replace the default theme tokens for the whole portal (client and owner portals alike). */
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
