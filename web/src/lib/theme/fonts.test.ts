import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFont } from './fonts'
import { FONTS } from './palette'

// Every font's stylesheet, by file, read from disk (the test run does not process CSS).
const folder = join(process.cwd(), 'src/lib/theme/fonts')
const sources = Object.fromEntries(readdirSync(folder).map((file) => [file, readFileSync(join(folder, file), 'utf8')]))

describe('the ten fonts', () => {
  it('has one stylesheet per spec font, each importing only its own @fontsource package', () => {
    expect(Object.keys(sources)).toHaveLength(FONTS.length)
    for (const font of FONTS) {
      const slug = font.toLowerCase().replace(/ /g, '-')
      const css = sources[`${slug}.css`]
      expect(css, font).toBeDefined()
      const imports = [...css!.matchAll(/@import '([^']+)'/g)].map((match) => match[1])
      expect(imports.length, font).toBeGreaterThanOrEqual(3)
      for (const path of imports) expect(path).toMatch(new RegExp(`^@fontsource/${slug}/latin-[3-7]00\\.css$`))
      expect(css).not.toMatch(/https?:/)
    }
  })

  it('loads a font once, and answers whether it loaded', async () => {
    const first = loadFont('Poppins')
    expect(loadFont('Poppins')).toBe(first)
    await expect(first).resolves.toBe(true)
    // Anything outside the ten is Inter.
    expect(loadFont('Comic Sans')).toBe(loadFont('Inter'))
  })
})
