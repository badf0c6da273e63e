/**
 * A tenant theme as the portals apply it: the spec's seven colours and one of its ten fonts, completed where the
 * tenant left gaps, and turned into the CSS variables the Tailwind theme reads (index.css). The settings preview,
 * the three portals and the contrast guard all go through here, so they cannot disagree.
 */
import { AA_TEXT, contrastRatio, isDark, labelOn, mix, nearestPassing, normaliseHex, readableText, readableTextNear } from './colour'

export interface ThemeColours {
  primary: string
  secondary: string
  accent: string
  background: string
  card: string
  sidebar: string
  /** The text colour. */
  foreground: string
}

export type ColourName = keyof ThemeColours

/** The spec's default look. */
export const DEFAULT_COLOURS: ThemeColours = {
  primary: '#3b82f6',
  secondary: '#8b5cf6',
  accent: '#10b981',
  background: '#0a0a0a',
  card: '#141414',
  sidebar: '#0f0f0f',
  foreground: '#fafafa',
}

export const DEFAULT_FONT = 'Inter'

/** The ten fonts, Inter first (the recommended one). The server accepts only these (settings.rs). */
export const FONTS = ['Inter', 'Roboto', 'Open Sans', 'Poppins', 'Montserrat', 'Lato', 'Raleway', 'Ubuntu', 'Nunito', 'Quicksand'] as const

export type FontName = (typeof FONTS)[number]

export function isFontName(font: string | null | undefined): font is FontName {
  return (FONTS as readonly string[]).includes(font ?? '')
}

/** A CSS font stack for a chosen font (one of the ten, else Inter), with the system's sans-serif behind it. */
export function fontStack(font: string | null | undefined): string {
  return `"${isFontName(font) ? font : DEFAULT_FONT}", ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif`
}

/** A complete theme: every colour #rrggbb, the font one of the ten. */
export interface Theme {
  colours: ThemeColours
  font: FontName
}

/** What a tenant stored: any colour or the font may be missing (or not a valid value). */
export interface ThemeChoice {
  colours?: Partial<Record<ColourName, string | null | undefined>>
  font?: string | null
}

/**
 * Fills what the tenant left blank. Brand colours fall back to the defaults; the text follows the background
 * (a light background with no text colour gets dark text), and cards and sidebar are the background nudged
 * towards the text (with the default background and text these give the default card and sidebar).
 */
export function completeTheme(choice: ThemeChoice | null | undefined): Theme {
  const given = (name: ColourName) => normaliseHex(choice?.colours?.[name])
  const background = given('background') ?? DEFAULT_COLOURS.background
  const foreground = given('foreground') ?? (given('background') ? readableText(background) : DEFAULT_COLOURS.foreground)
  return {
    colours: {
      primary: given('primary') ?? DEFAULT_COLOURS.primary,
      secondary: given('secondary') ?? DEFAULT_COLOURS.secondary,
      accent: given('accent') ?? DEFAULT_COLOURS.accent,
      background,
      card: given('card') ?? mix(background, foreground, 0.04),
      sidebar: given('sidebar') ?? mix(background, foreground, 0.02),
      foreground,
    },
    font: isFontName(choice?.font) ? choice.font : DEFAULT_FONT,
  }
}

export const DEFAULT_THEME: Theme = completeTheme(null)

/** Whether the theme is a dark one (the `dark` class, which some components' `dark:` styles follow). */
export function isDarkTheme(theme: Theme): boolean {
  return isDark(theme.colours.background)
}

/** How far hover and selection surfaces lean towards the brand accent. */
const ACCENT_TINT = 0.14

/**
 * The CSS variables of index.css for a theme. Text on each surface is the tenant's text colour where it reads
 * (AA), else the nearest colour that does; labels on filled colours follow `labelOn`; muted text is the text at
 * 60 % over the background (spec), kept readable.
 */
export function themeTokens(theme: Theme): Record<string, string> {
  const { primary, secondary, accent, background, card, sidebar, foreground } = theme.colours
  const on = (surface: string) => readableTextNear(foreground, surface)
  const accentSurface = mix(background, accent, ACCENT_TINT)
  const sidebarAccent = mix(sidebar, accent, ACCENT_TINT + 0.04)
  return {
    '--background': background,
    '--foreground': foreground,
    '--card': card,
    '--card-foreground': on(card),
    '--popover': card,
    '--popover-foreground': on(card),
    '--primary': primary,
    '--primary-foreground': labelOn(primary),
    '--ring': primary,
    '--secondary': secondary,
    '--secondary-foreground': labelOn(secondary),
    '--accent': accentSurface,
    '--accent-foreground': on(accentSurface),
    '--brand-accent': accent,
    '--brand-accent-foreground': labelOn(accent),
    '--muted': mix(background, foreground, 0.07),
    '--muted-foreground': readableTextNear(mix(background, foreground, 0.6), background),
    '--border': mix(background, foreground, 0.15),
    '--input': mix(background, foreground, 0.18),
    '--sidebar': sidebar,
    '--sidebar-foreground': on(sidebar),
    '--sidebar-accent': sidebarAccent,
    '--sidebar-accent-foreground': on(sidebarAccent),
    '--sidebar-border': mix(sidebar, foreground, 0.1),
    '--font-sans-family': fontStack(theme.font),
  }
}

/** One pair the contrast guard checks, and the one-click fix when it falls short. */
export interface ContrastCheck {
  id: 'text' | 'primary' | 'secondary'
  /** What is read on what, in pt-BR. */
  label: string
  ratio: number
  passes: boolean
  /** The colour to change and its nearest value that passes (absent when it passes, or nothing near does). */
  fix?: { colour: ColourName; value: string }
}

/** Text on the background, and the labels on the primary and secondary colours, against WCAG AA (4.5:1). */
export function contrastChecks(theme: Theme): ContrastCheck[] {
  const { background, foreground, primary, secondary } = theme.colours
  const check = (id: ContrastCheck['id'], label: string, colour: ColourName, ratio: number, fixed: () => string | null): ContrastCheck => {
    const passes = ratio >= AA_TEXT
    const value = passes ? null : fixed()
    return { id, label, ratio, passes, ...(value ? { fix: { colour, value } } : {}) }
  }
  const labelReads = (candidate: string) => contrastRatio(labelOn(candidate), candidate) >= AA_TEXT
  return [
    check('text', 'Texto sobre o fundo', 'foreground', contrastRatio(foreground, background), () => nearestPassing(foreground, (c) => contrastRatio(c, background) >= AA_TEXT)),
    check('primary', 'Texto sobre a cor primária', 'primary', contrastRatio(labelOn(primary), primary), () => nearestPassing(primary, labelReads)),
    check('secondary', 'Texto sobre a cor secundária', 'secondary', contrastRatio(labelOn(secondary), secondary), () => nearestPassing(secondary, labelReads)),
  ]
}
