import { completeTheme, DEFAULT_THEME, type Theme } from '@/lib/theme/palette'
import { useBrandingLoadError, useDocumentTheme } from '@/lib/theme/document-theme'
import type { TenantBranding } from '@/lib/api/types'

/** The tenant's public branding as a complete theme (gaps filled: see `completeTheme`). */
export function themeOfBranding(branding: TenantBranding): Theme {
  return completeTheme({
    colours: {
      primary: branding.primaryColor,
      secondary: branding.secondaryColor,
      accent: branding.accentColor,
      background: branding.backgroundColor,
      card: branding.surfaceColor,
      sidebar: branding.sidebarColor ?? branding.borderColor,
      foreground: branding.foregroundColor,
    },
    font: branding.customFont,
  })
}

/**
 * Applies the tenant's colours and font to the whole portal; with no tenant, or when its branding failed to
 * load ("Erro ao carregar a identidade visual"), the default theme.
 */
export function useBrandingTheme(branding: TenantBranding | null | undefined, { failed = false }: { failed?: boolean } = {}): void {
  useBrandingLoadError(failed)
  useDocumentTheme(branding && !failed ? themeOfBranding(branding) : DEFAULT_THEME)
}
