import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useBrandingTheme } from '@/features/branding/branding-theme'
import type { TenantBranding } from '@/lib/api/types'
import { tenantSettingsQuery, type TenantSettings } from './api/settings'

/** Branding is cached 5 minutes in the owner portal (spec); a save refreshes it at once. */
const BRAND_STALE_MS = 5 * 60 * 1000

/** The owner's saved look in the shape the theme hook reads. */
export function brandingOfSettings(settings: TenantSettings, name: string): TenantBranding {
  return {
    name,
    displayName: settings.displayName ?? null,
    logoUrl: settings.logoUrl ?? null,
    faviconUrl: settings.faviconUrl ?? null,
    primaryColor: settings.themeColors?.primary ?? null,
    secondaryColor: settings.themeColors?.secondary ?? null,
    accentColor: settings.themeColors?.accent ?? null,
    backgroundColor: settings.backgroundColors?.background ?? null,
    surfaceColor: settings.backgroundColors?.card ?? null,
    borderColor: settings.backgroundColors?.sidebar ?? null,
    customFont: settings.fontFamily ?? null,
  }
}

/** Applies the tenant's saved colours and font to the owner portal (the same tokens the client portal uses). */
export function useTenantSettingsTheme(tenantName: string): void {
  const { data } = useQuery({ ...tenantSettingsQuery(), staleTime: BRAND_STALE_MS })
  const branding = useMemo(() => (data ? brandingOfSettings(data, tenantName) : null), [data, tenantName])
  useBrandingTheme(branding)
}
