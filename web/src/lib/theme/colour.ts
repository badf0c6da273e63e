/**
 * Colour maths for tenant themes: #rrggbb parsing, WCAG 2.x relative luminance and contrast ratio, mixing, and the
 * nearest colour that reaches a contrast target (the settings' one-click fix).
 */

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5

export const WHITE = '#ffffff'
/** The portal's near-black text (the default dark background). */
export const NEAR_BLACK = '#0a0a0a'

const HEX = /^#?([0-9a-f]{6})$/i

type Rgb = readonly [number, number, number]

/** `#rrggbb` (lower case, '#' added) for six hex digits with an optional '#', else null. */
export function normaliseHex(value: string | null | undefined): string | null {
  const match = HEX.exec(value?.trim() ?? '')
  return match ? `#${match[1].toLowerCase()}` : null
}

function rgbOf(hex: string): Rgb {
  const digits = normaliseHex(hex)
  if (!digits) throw new Error(`not a #rrggbb colour: ${hex}`)
  const n = Number.parseInt(digits.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** `from` moved `amount` (0 to 1) of the way towards `to`, channel by channel. */
export function mix(from: string, to: string, amount: number): string {
  const a = rgbOf(from)
  const b = rgbOf(to)
  const towards = (i: number) => a[i] + (b[i] - a[i]) * amount
  return hexOf([towards(0), towards(1), towards(2)])
}

/** A background is dark when white text reads better on it than black text. */
export function isDark(background: string): boolean {
  return contrastRatio(WHITE, background) >= contrastRatio('#000000', background)
}

/** Whichever of the portal's near-white and near-black texts reads better on `background`. */
export function readableText(background: string): string {
  return isDark(background) ? '#fafafa' : NEAR_BLACK
}

/**
 * The label on a filled colour (buttons, badges): white while it reads as text (AA, 4.5:1), as brands expect; else
 * whichever of white and near-black reads better (near-black on mid-tones such as the default blue, where white
 * gives 3.7:1). Labels are 14 px text, so 3:1 is not enough. Only a narrow band of mid-tones reaches AA with
 * neither; the settings warn about those.
 */
export function labelOn(colour: string): string {
  const white = contrastRatio(WHITE, colour)
  return white >= AA_TEXT || white >= contrastRatio(NEAR_BLACK, colour) ? WHITE : NEAR_BLACK
}

/** How many steps each direction is tried: one per 8-bit level, so the answer is as near as #rrggbb allows. */
const STEPS = 255

/**
 * The colour nearest to `colour` (the least lightening or darkening, hue kept) for which `passes` holds, or null
 * when neither white nor black passes. `colour` itself when it passes.
 */
export function nearestPassing(colour: string, passes: (candidate: string) => boolean): string | null {
  if (passes(colour)) return colour
  // Contrast need not grow steadily along a direction (a dark text lightened first loses contrast on a dark
  // background), so each step is tried rather than bisected.
  for (let step = 1; step <= STEPS; step++) {
    const amount = step / STEPS
    const candidates = [mix(colour, '#000000', amount), mix(colour, WHITE, amount)].filter(passes)
    if (candidates.length > 0) {
      return candidates.sort((a, b) => distance(a, colour) - distance(b, colour))[0]
    }
  }
  return null
}

function distance(a: string, b: string): number {
  const x = rgbOf(a)
  const y = rgbOf(b)
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2])
}

/** The text colour nearest to `text` that reaches `ratio` on `background`. */
export function readableTextNear(text: string, background: string, ratio = AA_TEXT): string {
  return nearestPassing(text, (candidate) => contrastRatio(candidate, background) >= ratio) ?? readableText(background)
}
