import { describe, expect, it } from 'vitest'
import { AA_TEXT, contrastRatio, isDark, labelOn, luminance, mix, nearestPassing, NEAR_BLACK, normaliseHex, readableText, readableTextNear, WHITE } from './colour'

const passesOn = (background: string) => (candidate: string) => contrastRatio(candidate, background) >= AA_TEXT

describe('colour maths (WCAG 2.x)', () => {
  it('reads #rrggbb with or without #, in any case, and nothing else', () => {
    expect(normaliseHex('3B82F6')).toBe('#3b82f6')
    expect(normaliseHex(' #abcdef ')).toBe('#abcdef')
    expect(normaliseHex('#abc')).toBeNull()
    expect(normaliseHex('azul')).toBeNull()
    expect(normaliseHex(null)).toBeNull()
  })

  it('computes relative luminance with the sRGB curve', () => {
    expect(luminance('#000000')).toBe(0)
    expect(luminance('#ffffff')).toBeCloseTo(1, 10)
    // Mid grey #777777: (0.4667 + 0.055) / 1.055 ^ 2.4 = 0.1845.
    expect(luminance('#777777')).toBeCloseTo(0.1845, 4)
    // Green weighs most, blue least.
    expect(luminance('#00ff00')).toBeCloseTo(0.7152, 4)
    expect(luminance('#0000ff')).toBeCloseTo(0.0722, 4)
  })

  it('gives the contrast ratio from 1 to 21, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10)
    expect(contrastRatio('#3b82f6', '#3b82f6')).toBe(1)
    // Known values: #777777 on white just misses AA; #767676 just makes it; the spec's blue under white text.
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2)
    expect(contrastRatio(WHITE, '#3b82f6')).toBeCloseTo(3.68, 2)
  })

  it('mixes channel by channel', () => {
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000')
    expect(mix('#000000', '#ffffff', 1)).toBe('#ffffff')
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080')
    expect(mix('#0a0a0a', '#fafafa', 0.04)).toBe('#141414')
  })

  it('tells dark from light backgrounds and picks a readable text for each', () => {
    expect(isDark('#0a0a0a')).toBe(true)
    expect(isDark('#f8fafc')).toBe(false)
    expect(readableText('#f8fafc')).toBe(NEAR_BLACK)
    expect(readableText('#04111d')).toBe('#fafafa')
  })

  it('labels filled colours white while white reads as text (4.5:1), else whichever reads better', () => {
    expect(labelOn('#2563eb')).toBe(WHITE)
    // The default blue and violet: white gives 3.7:1 and 4.2:1, near-black 5.4:1 and 4.7:1.
    expect(labelOn('#3b82f6')).toBe(NEAR_BLACK)
    expect(labelOn('#8b5cf6')).toBe(NEAR_BLACK)
    expect(labelOn('#facc15')).toBe(NEAR_BLACK)
    expect(labelOn('#10b981')).toBe(NEAR_BLACK)
    // Neither reaches 4.5:1 here: the better one.
    expect(contrastRatio(WHITE, '#3575dd')).toBeLessThan(AA_TEXT)
    expect(labelOn('#3575dd')).toBe(NEAR_BLACK)
  })

  it('finds the nearest colour that passes: one 8-bit step from #777777 on white', () => {
    expect(nearestPassing('#777777', passesOn(WHITE))).toBe('#767676')
    // A colour that passes is kept.
    expect(nearestPassing('#111111', passesOn(WHITE))).toBe('#111111')
  })

  it('moves the text the short way: near-white on a light background becomes the darkest grey needed, no darker', () => {
    const fixed = readableTextNear('#fafafa', '#f8fafc')
    expect(contrastRatio(fixed, '#f8fafc')).toBeGreaterThanOrEqual(AA_TEXT)
    // One step lighter would fail: it is the nearest.
    expect(contrastRatio(mix(fixed, WHITE, 1 / 255), '#f8fafc')).toBeLessThan(AA_TEXT)
  })

  it('goes past a dip in contrast: a dark text on a mid background may need to go light', () => {
    // #555555 on #666666 is ~1.3:1; darkening reaches 4.5 only near black, lightening gets there first.
    const fixed = nearestPassing('#555555', passesOn('#666666'))!
    expect(contrastRatio(fixed, '#666666')).toBeGreaterThanOrEqual(AA_TEXT)
  })

  it('answers null when nothing passes', () => {
    expect(nearestPassing('#777777', () => false)).toBeNull()
  })
})
