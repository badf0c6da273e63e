import { describe, expect, it } from 'vitest'
import { fileOf } from '../test-support'
import { imageFileProblem, robotFileProblem } from '../file-rules'
import { FONTS, fontChoices, THEME_PRESETS } from '../theme-presets'
import { robotFormDefaults, robotFormSchema, robotPayload } from './robot-form'
import { cssColour, effectiveColours, settingsFormDefaults, settingsFormSchema, settingsPayload } from './settings-form'
import { testEmailSchema } from './email-form'
import { versionNumber, versionUploadDefaults, versionUploadSchema } from './version-form'

/** The first message per field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message
  return out
}

describe('version form', () => {
  it('prefills with the suggestion and builds M.m.p with blank parts as 0 and no leading zeros', () => {
    expect(versionUploadDefaults('2.0.0')).toMatchObject({ major: '2', minor: '0', patch: '0' })
    expect(versionUploadDefaults(null)).toMatchObject({ major: '1', minor: '0', patch: '0' })
    expect(versionNumber({ major: '3', minor: '', patch: ' ' })).toBe('3.0.0')
    expect(versionNumber({ major: '010', minor: '02', patch: '9' })).toBe('10.2.9')
  })

  it("requires the major ('Obrigatório'), three digits at most, and an .ex5 or .zip file", () => {
    const result = versionUploadSchema.safeParse({ major: '', minor: '1000', patch: 'x', file: null, notes: '' })
    expect(messages(result)).toEqual({ major: 'Obrigatório', minor: 'Máximo 3 dígitos', patch: 'Use apenas números', file: 'Arquivo é obrigatório' })
    const ok = versionUploadSchema.safeParse({ major: '999', minor: '', patch: '0', file: fileOf('a.EX5', ''), notes: '' })
    expect(ok.success).toBe(true)
  })
})

describe('file rules', () => {
  it('takes PNG, JPEG, SVG and WEBP images up to 5 MB', () => {
    expect(imageFileProblem(fileOf('a.svg', 'image/svg+xml'))).toBeNull()
    expect(imageFileProblem(fileOf('a.webp', ''))).toBeNull()
    expect(imageFileProblem(fileOf('a.gif', 'image/gif'))).toBe('Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP')
    expect(imageFileProblem(fileOf('a.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).toBe('Arquivo muito grande. Tamanho máximo: 5MB')
  })

  it('takes .ex5 and .zip robot files', () => {
    expect(robotFileProblem(fileOf('robo.zip', 'application/zip'))).toBeNull()
    expect(robotFileProblem(fileOf('robo.mq5', 'text/plain'))).toBe('Arquivo inválido: envie o robô compilado (.ex5) ou um .zip')
  })
})

describe('theme presets and fonts', () => {
  it('has the ten presets and the ten fonts, Inter recommended', () => {
    expect(THEME_PRESETS.map((preset) => preset.id)).toEqual(['default', 'midnight', 'purple-dark', 'emerald', 'crimson', 'ocean', 'sunset', 'forest', 'royal', 'neon'])
    expect(THEME_PRESETS[0]!.colours).toEqual({
      primary: '#3b82f6',
      secondary: '#8b5cf6',
      accent: '#10b981',
      background: '#0a0a0a',
      card: '#141414',
      sidebar: '#0f0f0f',
      foreground: '#fafafa',
    })
    for (const preset of THEME_PRESETS) {
      for (const colour of Object.values(preset.colours)) expect(colour).toMatch(/^#[0-9a-f]{6}$/)
    }
    expect(FONTS).toHaveLength(10)
    expect(fontChoices[0]).toEqual({ value: 'Inter', label: 'Inter (recomendada)' })
  })
})

describe('settings form', () => {
  it('sends blanks as null and keeps the fields it does not edit', () => {
    const values = settingsFormDefaults({
      displayName: null,
      logoUrl: null,
      faviconUrl: null,
      themeColors: null,
      backgroundColors: null,
      foregroundColor: null,
      fontFamily: null,
      settings: null,
    })
    const body = settingsPayload({ ...values, themeColors: { ...values.themeColors, primary: 'ABCDEF' } })
    expect(body.displayName).toBeNull()
    expect(body.themeColors).toEqual({ primary: 'ABCDEF', secondary: null, accent: null })
    expect(body.settings).toMatchObject({ language: 'pt-BR', currency: 'BRL', themePreset: null, accountChangesPerPeriod: null })
  })

  it("checks colours ('Cor inválida (use formato #RRGGBB)'), URLs and the contact e-mail, allowing blanks", () => {
    const values = settingsFormDefaults(undefined)
    const result = settingsFormSchema.safeParse({
      ...values,
      themeColors: { ...values.themeColors, primary: '#12345g' },
      settings: { ...values.settings, homepageUrl: 'ftp://x', contactEmail: 'a@', accountChangePeriodDays: '0' },
    })
    expect(messages(result)).toEqual({
      'themeColors.primary': 'Cor inválida (use formato #RRGGBB)',
      'settings.homepageUrl': 'URL inválida',
      'settings.contactEmail': 'E-mail inválido',
      'settings.accountChangePeriodDays': 'Use de 1 a 365 dias',
    })
    expect(settingsFormSchema.safeParse(values).success).toBe(true)
  })

  it('fills blank or half-typed colours with the defaults for the preview', () => {
    expect(cssColour('abcdef', '#000000')).toBe('#abcdef')
    expect(cssColour('#abc', '#000000')).toBe('#000000')
    const values = settingsFormDefaults(undefined)
    expect(effectiveColours(values).background).toBe('#0a0a0a')
  })
})

describe('robot form', () => {
  it('sends MT5, the trial length, and a blank logo URL only to remove the logo', () => {
    const values = { name: 'Alpha', description: '', active: true, trialDays: '10' }
    expect(robotPayload(values)).toEqual({ name: 'Alpha', description: '', platform: 'MT5', active: true, trialDays: 10 })
    expect(robotPayload(values, { removeLogo: true })).toMatchObject({ logoUrl: '' })
  })

  it('keeps trials between 1 and 90 days, 7 for a new robot', () => {
    expect(robotFormDefaults(null).trialDays).toBe('7')
    const message = 'O período de teste deve ficar entre 1 e 90 dias'
    for (const trialDays of ['0', '91', '', '2.5']) {
      const result = robotFormSchema.safeParse({ name: 'Alpha', description: '', active: true, trialDays })
      expect(result.error?.issues[0]?.message, trialDays).toBe(message)
    }
  })
})

describe('test e-mail form', () => {
  it("requires an address ('E-mail obrigatório') and a valid one", () => {
    expect(messages(testEmailSchema.safeParse({ templateType: 'welcome', testEmail: '' }))).toEqual({ testEmail: 'E-mail obrigatório' })
    expect(messages(testEmailSchema.safeParse({ templateType: 'welcome', testEmail: 'x@' }))).toEqual({ testEmail: 'E-mail inválido' })
  })
})
