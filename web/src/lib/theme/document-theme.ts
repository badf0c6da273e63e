import { useEffect, useMemo } from 'react'
import { toast } from '@/components/ui/use-toast'
import { loadFont } from './fonts'
import { isDarkTheme, themeTokens, type Theme } from './palette'

/** The spec's message when the tenant's look could not be loaded (the portal then shows the default theme). */
export const BRANDING_LOAD_ERROR = 'Erro ao carregar a identidade visual'

/**
 * Puts `theme` on the whole page: its CSS variables on <html> (the Tailwind theme reads them), the `dark` class
 * by its background, and its font. One call per portal, at its root; unmounting restores the stylesheet's look.
 */
export function useDocumentTheme(theme: Theme): void {
  // By value: a refetch that brings the same look back changes nothing on the page.
  const key = JSON.stringify(theme)
  const stable = useMemo(() => JSON.parse(key) as Theme, [key])
  useEffect(() => {
    const root = document.documentElement
    const tokens = Object.entries(themeTokens(stable))
    const dark = isDarkTheme(stable)
    tokens.forEach(([name, value]) => root.style.setProperty(name, value))
    root.classList.toggle('dark', dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
    void loadFont(stable.font)
    return () => {
      tokens.forEach(([name]) => root.style.removeProperty(name))
      root.style.removeProperty('color-scheme')
      root.classList.add('dark')
    }
  }, [stable])
}

/** Tells the person, once per failure, that the tenant's look did not load and the default one is shown. */
export function useBrandingLoadError(failed: boolean): void {
  useEffect(() => {
    if (failed) toast({ variant: 'destructive', title: BRANDING_LOAD_ERROR, description: 'O portal está com a aparência padrão.' })
  }, [failed])
}
