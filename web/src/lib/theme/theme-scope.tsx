import { useEffect, type ComponentProps, type CSSProperties } from 'react'
import { cn } from '@/lib/class-names'
import { loadFont } from './fonts'
import { isDarkTheme, themeTokens, type Theme } from './palette'

/**
 * Renders its children in `theme` without touching the rest of the page: the same CSS variables the portals put
 * on <html>, scoped to this box (custom properties inherit), with `dark`/`light` for the components' `dark:`
 * styles. So the real components inside look exactly as they will in the portal.
 */
export function ThemeScope({ theme, className, style, ...props }: ComponentProps<'div'> & { theme: Theme }) {
  useEffect(() => {
    void loadFont(theme.font)
  }, [theme.font])
  return (
    <div
      data-theme={isDarkTheme(theme) ? 'dark' : 'light'}
      className={cn(isDarkTheme(theme) ? 'dark' : 'light', 'bg-background font-sans text-foreground', className)}
      style={{ ...(themeTokens(theme) as CSSProperties), ...style }}
      {...props}
    />
  )
}
