import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AA_TEXT, contrastRatio, labelOn } from './colour'
import { completeTheme, contrastChecks, DEFAULT_COLOURS, DEFAULT_THEME, fontStack, FONTS, isDarkTheme, themeTokens } from './palette'

/** The tokens index.css declares for the default (dark) look: a theme must set every one of them. */
function stylesheetTokens(): string[] {
  // Read from disk: the test run does not process CSS (vite.config.ts `css: false`).
  const stylesheet = readFileSync(join(process.cwd(), 'src/index.css'), 'utf8')
  const dark = stylesheet.slice(stylesheet.indexOf('.dark {'), stylesheet.indexOf('}', stylesheet.indexOf('.dark {')))
  // The destructive reds (text and fill) are the stylesheet's in every theme, not the tenant's.
  return [...dark.matchAll(/(--[a-z-]+):/g)].map((match) => match[1]).filter((name) => !name.startsWith('--destructive'))
}

describe('tenant themes', () => {
  it('completes nothing into the spec defaults (cards and sidebar derived from the default background and text)', () => {
    expect(DEFAULT_THEME).toEqual({ colours: DEFAULT_COLOURS, font: 'Inter' })
    expect(completeTheme({ colours: { primary: 'nada' }, font: 'Comic Sans' })).toEqual(DEFAULT_THEME)
  })

  it('gives a light background dark text, and light cards and sidebar, when the tenant set only the background', () => {
    const theme = completeTheme({ colours: { background: 'f8fafc' } })
    expect(theme.colours.foreground).toBe('#0a0a0a')
    expect(isDarkTheme(theme)).toBe(false)
    expect(contrastRatio(theme.colours.card, '#ffffff')).toBeLessThan(1.2)
    expect(contrastRatio(theme.colours.sidebar, '#ffffff')).toBeLessThan(1.2)
  })

  it('keeps the colours the tenant chose', () => {
    const chosen = { primary: '#16a34a', secondary: '#65a30d', accent: '#ca8a04', background: '#ffffff', card: '#f0fdf4', sidebar: '#dcfce7', foreground: '#052e16' }
    expect(completeTheme({ colours: chosen, font: 'Poppins' })).toEqual({ colours: chosen, font: 'Poppins' })
  })

  it('sets every token of the stylesheet, and the font stack', () => {
    const tokens = themeTokens(DEFAULT_THEME)
    expect(stylesheetTokens().length).toBeGreaterThan(15)
    for (const name of stylesheetTokens()) expect(tokens, name).toHaveProperty(name)
    expect(tokens['--font-sans-family']).toBe(fontStack('Inter'))
    expect(fontStack('Open Sans')).toMatch(/^"Open Sans", /)
    expect(FONTS).toHaveLength(10)
  })

  it('keeps every text token readable on its surface, even when the tenant text colour is not', () => {
    const theme = completeTheme({ colours: { background: '#ffffff', card: '#1e293b', sidebar: '#0f172a', foreground: '#111827' } })
    const tokens = themeTokens(theme)
    for (const [text, surface] of [
      ['--foreground', '--background'],
      ['--card-foreground', '--card'],
      ['--sidebar-foreground', '--sidebar'],
      ['--muted-foreground', '--background'],
      ['--accent-foreground', '--accent'],
      ['--sidebar-accent-foreground', '--sidebar-accent'],
    ]) {
      expect(contrastRatio(tokens[text], tokens[surface]), `${text} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT)
    }
    expect(tokens['--primary-foreground']).toBe(labelOn(theme.colours.primary))
  })

  it('derives muted text at 60 % of the text colour over the background (spec)', () => {
    expect(themeTokens(DEFAULT_THEME)['--muted-foreground']).toBe('#9a9a9a')
  })
})

describe('contrast guard', () => {
  it('passes readable text and labels', () => {
    const theme = completeTheme({ colours: { primary: '#2563eb', secondary: '#7c3aed', background: '#ffffff', foreground: '#0f172a' } })
    expect(contrastChecks(theme).every((check) => check.passes)).toBe(true)
  })

  it('flags near-white text on a light background and offers the nearest text colour that passes', () => {
    const theme = completeTheme({ colours: { background: '#f8fafc', foreground: '#fafafa' } })
    const text = contrastChecks(theme).find((check) => check.id === 'text')!
    expect(text.passes).toBe(false)
    expect(text.ratio).toBeLessThan(1.1)
    expect(text.fix?.colour).toBe('foreground')
    expect(contrastRatio(text.fix!.value, '#f8fafc')).toBeGreaterThanOrEqual(AA_TEXT)
  })

  it('passes the default look: its blue and violet carry near-black labels (white would read at 3.7:1 and 4.2:1)', () => {
    expect(contrastChecks(DEFAULT_THEME).every((check) => check.passes)).toBe(true)
    expect(themeTokens(DEFAULT_THEME)['--primary-foreground']).toBe('#0a0a0a')
  })

  it('flags a mid-tone on which neither label reaches 4.5:1 and offers the nearest one that carries its label', () => {
    const primary = contrastChecks(completeTheme({ colours: { primary: '#3575dd' } })).find((check) => check.id === 'primary')!
    expect(primary.passes).toBe(false)
    expect(primary.ratio).toBeCloseTo(4.47, 2)
    expect(primary.fix).toEqual({ colour: 'primary', value: '#3676dd' })
    expect(contrastRatio(labelOn('#3676dd'), '#3676dd')).toBeGreaterThanOrEqual(AA_TEXT)
  })

  it('applying every fix gives a theme with no warning', () => {
    const theme = completeTheme({ colours: { primary: '#a855f7', secondary: '#22d3ee', background: '#ffffff', foreground: '#cbd5e1' } })
    const fixed = { ...theme.colours }
    for (const check of contrastChecks(theme)) if (check.fix) fixed[check.fix.colour] = check.fix.value
    expect(contrastChecks(completeTheme({ colours: fixed })).filter((check) => !check.passes)).toEqual([])
  })
})
