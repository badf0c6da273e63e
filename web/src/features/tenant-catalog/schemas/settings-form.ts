import { z } from 'zod'
import type { TenantSettings } from '../api/settings'
import { completeTheme, type Theme, type ThemeColours } from '@/lib/theme/palette'

export const COLOUR_MESSAGE = 'Cor inválida (use formato #RRGGBB)'
const HEX = /^#?[0-9a-fA-F]{6}$/

/** Six hex digits, the # optional (the server adds it); blank means the default colour. */
const colour = z
  .string()
  .trim()
  .refine((value) => value === '' || HEX.test(value), COLOUR_MESSAGE)

/** An http(s) address, as the server accepts it; blank for none. */
const webUrl = z
  .string()
  .trim()
  .max(2000, 'URL inválida')
  .refine((value) => value === '' || /^https?:\/\/[^\s"<>]+$/.test(value), 'URL inválida')

/** A whole number within `min`–`max`, typed as text; blank leaves the server's default. */
function bounded(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), message)
}

/** The limits on clients rebinding a license to another MetaTrader account, with the server's ranges and defaults. */
export const accountChangeLimits = {
  accountChangesPerPeriod: { min: 0, max: 100, byDefault: 3, message: 'Use de 0 a 100 trocas' },
  accountChangePeriodDays: { min: 1, max: 365, byDefault: 30, message: 'Use de 1 a 365 dias' },
  accountChangeCooldownHours: { min: 0, max: 2160, byDefault: 24, message: 'Use de 0 a 2160 horas' },
} as const

const limit = (key: keyof typeof accountChangeLimits) => {
  const { min, max, message } = accountChangeLimits[key]
  return bounded(min, max, message)
}

/**
 * The settings form. Its field names follow the request body (`themeColors.primary`, `settings.homepageUrl`…),
 * so the server's field errors land on the right inputs.
 */
export const settingsFormSchema = z.object({
  displayName: z.string().trim().max(100, 'Nome de exibição deve ter no máximo 100 caracteres'),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  themeColors: z.object({ primary: colour, secondary: colour, accent: colour }),
  backgroundColors: z.object({ background: colour, card: colour, sidebar: colour }),
  foregroundColor: colour,
  fontFamily: z.string(),
  settings: z.object({
    homepageUrl: webUrl,
    contactEmail: z
      .string()
      .trim()
      .max(254, 'E-mail inválido')
      .refine((value) => value === '' || z.regexes.email.test(value), 'E-mail inválido'),
    lessonsUrl: webUrl,
    // Not edited here, but kept: the whole form is saved.
    language: z.string(),
    currency: z.string(),
    /** One of the ten presets, or '' once a colour was changed by hand. */
    themePreset: z.string(),
    accountChangesPerPeriod: limit('accountChangesPerPeriod'),
    accountChangePeriodDays: limit('accountChangePeriodDays'),
    accountChangeCooldownHours: limit('accountChangeCooldownHours'),
  }),
})

export type SettingsFormValues = z.infer<typeof settingsFormSchema>

export function settingsFormDefaults(settings: TenantSettings | undefined): SettingsFormValues {
  const text = (value: string | null | undefined) => value ?? ''
  return {
    displayName: text(settings?.displayName),
    logoUrl: text(settings?.logoUrl),
    faviconUrl: text(settings?.faviconUrl),
    themeColors: {
      primary: text(settings?.themeColors?.primary),
      secondary: text(settings?.themeColors?.secondary),
      accent: text(settings?.themeColors?.accent),
    },
    backgroundColors: {
      background: text(settings?.backgroundColors?.background),
      card: text(settings?.backgroundColors?.card),
      sidebar: text(settings?.backgroundColors?.sidebar),
    },
    foregroundColor: text(settings?.foregroundColor),
    fontFamily: text(settings?.fontFamily),
    settings: {
      homepageUrl: text(settings?.settings?.homepageUrl),
      contactEmail: text(settings?.settings?.contactEmail),
      lessonsUrl: text(settings?.settings?.lessonsUrl),
      language: settings?.settings?.language || 'pt-BR',
      currency: settings?.settings?.currency || 'BRL',
      themePreset: text(settings?.settings?.themePreset),
      accountChangesPerPeriod: number(settings?.settings?.accountChangesPerPeriod),
      accountChangePeriodDays: number(settings?.settings?.accountChangePeriodDays),
      accountChangeCooldownHours: number(settings?.settings?.accountChangeCooldownHours),
    },
  }
}

function number(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value)
}

function numberOrNull(value: string): number | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : Number(trimmed)
}

/** Blank becomes null: the server then keeps no value (and the portal uses its default). */
function orNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** The request body: the whole form, blanks as null. */
export function settingsPayload(values: SettingsFormValues): TenantSettings {
  return {
    displayName: orNull(values.displayName),
    logoUrl: orNull(values.logoUrl),
    faviconUrl: orNull(values.faviconUrl),
    themeColors: {
      primary: orNull(values.themeColors.primary),
      secondary: orNull(values.themeColors.secondary),
      accent: orNull(values.themeColors.accent),
    },
    backgroundColors: {
      background: orNull(values.backgroundColors.background),
      card: orNull(values.backgroundColors.card),
      sidebar: orNull(values.backgroundColors.sidebar),
    },
    foregroundColor: orNull(values.foregroundColor),
    fontFamily: orNull(values.fontFamily),
    settings: {
      homepageUrl: orNull(values.settings.homepageUrl),
      contactEmail: orNull(values.settings.contactEmail),
      lessonsUrl: orNull(values.settings.lessonsUrl),
      language: orNull(values.settings.language),
      currency: orNull(values.settings.currency),
      themePreset: orNull(values.settings.themePreset),
      accountChangesPerPeriod: numberOrNull(values.settings.accountChangesPerPeriod),
      accountChangePeriodDays: numberOrNull(values.settings.accountChangePeriodDays),
      accountChangeCooldownHours: numberOrNull(values.settings.accountChangeCooldownHours),
    },
  }
}

/** A colour as CSS: '#'-prefixed when valid, else the fallback (blank or half-typed values). */
export function cssColour(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? ''
  if (!HEX.test(trimmed)) return fallback
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`
}

type ThemeValues = Pick<SettingsFormValues, 'themeColors' | 'backgroundColors' | 'foregroundColor' | 'fontFamily'>

/**
 * The theme the form's values give, completed exactly as the portals complete a saved one (blank or half-typed
 * colours are left to the defaults, a blank text colour follows the background).
 */
export function draftTheme(values: Partial<ThemeValues>): Theme {
  return completeTheme({
    colours: {
      primary: values.themeColors?.primary,
      secondary: values.themeColors?.secondary,
      accent: values.themeColors?.accent,
      background: values.backgroundColors?.background,
      card: values.backgroundColors?.card,
      sidebar: values.backgroundColors?.sidebar,
      foreground: values.foregroundColor,
    },
    font: values.fontFamily,
  })
}

/** The seven colours the form's values give (see `draftTheme`). */
export function effectiveColours(values: Partial<ThemeValues>): ThemeColours {
  return draftTheme(values).colours
}
