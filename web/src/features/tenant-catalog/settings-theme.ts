import { useQuery } from '@tanstack/react-query'
import { useBrandingLoadError, useDocumentTheme } from '@/lib/theme/document-theme'
import { completeTheme, DEFAULT_THEME, type Theme } from '@/lib/theme/palette'
import { tenantSettingsQuery, type TenantSettings } from './api/settings'

/** Branding is cached 5 minutes in the owner portal (spec); a save refreshes it at once. */
const BRAND_STALE_MS = 5 * 60 * 1000

/** The owner's saved look as a complete theme (what the client portal shows for the same settings). */
export function themeOfSettings(settings: TenantSettings): Theme {
  return completeTheme({
    colours: {
      primary: settings.themeColors?.primary,
      secondary: settings.themeColors?.secondary,
      accent: settings.themeColors?.accent,
      background: settings.backgroundColors?.background,
      card: settings.backgroundColors?.card,
      sidebar: settings.backgroundColors?.sidebar,
      foreground: settings.foregroundColor,
    },
    font: settings.fontFamily,
  })
}

/**
 * The owner portal in the tenant's saved look once signed in (the default look before, or when the settings
 * fail to load: "Erro ao carregar a identidade visual").
 */
export function useTenantSettingsTheme(signedIn: boolean): void {
  const { data, isError } = useQuery({ ...tenantSettingsQuery(), staleTime: BRAND_STALE_MS, enabled: signedIn })
  const failed = signedIn && isError
  useBrandingLoadError(failed)
  useDocumentTheme(signedIn && data && !failed ? themeOfSettings(data) : DEFAULT_THEME)
}
