/**
 * The ten fonts are served by the app itself (the @fontsource packages' files, bundled by Vite), so the
 * Content-Security-Policy keeps `font-src 'self'`. Each font is its own stylesheet chunk, fetched only when a
 * theme uses it: the first load carries none of them.
 */
import { DEFAULT_FONT, isFontName, type FontName } from './palette'

const stylesheets: Record<FontName, () => Promise<unknown>> = {
  Inter: () => import('./fonts/inter.css'),
  Roboto: () => import('./fonts/roboto.css'),
  'Open Sans': () => import('./fonts/open-sans.css'),
  Poppins: () => import('./fonts/poppins.css'),
  Montserrat: () => import('./fonts/montserrat.css'),
  Lato: () => import('./fonts/lato.css'),
  Raleway: () => import('./fonts/raleway.css'),
  Ubuntu: () => import('./fonts/ubuntu.css'),
  Nunito: () => import('./fonts/nunito.css'),
  Quicksand: () => import('./fonts/quicksand.css'),
}

const requested = new Map<FontName, Promise<boolean>>()

/**
 * Adds the font's faces to the page (once per font) and answers whether that worked. A failure leaves the
 * system sans-serif behind it in the font stack, and is tried again next time.
 */
export function loadFont(font: string | null | undefined): Promise<boolean> {
  const name: FontName = isFontName(font) ? font : DEFAULT_FONT
  let loading = requested.get(name)
  if (!loading) {
    loading = stylesheets[name]().then(
      () => true,
      () => {
        requested.delete(name)
        return false
      },
    )
    requested.set(name, loading)
  }
  return loading
}
