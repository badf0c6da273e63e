/**
 * The ten ready-made themes (the server only stores the colours, so the sets themselves live here), and the
 * font choices. The colours, fonts and defaults themselves are the portals' (src/lib/theme/palette.ts).
 */
import { DEFAULT_COLOURS, DEFAULT_FONT, FONTS, type ThemeColours } from '@/lib/theme/palette'

export { DEFAULT_COLOURS, DEFAULT_FONT, FONTS, type ThemeColours }

export interface ThemePreset {
  id: string
  label: string
  colours: ThemeColours
}

export const THEME_PRESETS: readonly ThemePreset[] = [
  { id: 'default', label: 'Padrão', colours: DEFAULT_COLOURS },
  {
    id: 'midnight',
    label: 'Meia-noite',
    colours: { primary: '#6366f1', secondary: '#818cf8', accent: '#22d3ee', background: '#020617', card: '#0f172a', sidebar: '#0b1120', foreground: '#e2e8f0' },
  },
  {
    id: 'purple-dark',
    label: 'Roxo escuro',
    colours: { primary: '#a855f7', secondary: '#d946ef', accent: '#f472b6', background: '#0c0612', card: '#170d22', sidebar: '#12091b', foreground: '#f5f3ff' },
  },
  {
    id: 'emerald',
    label: 'Esmeralda',
    colours: { primary: '#10b981', secondary: '#14b8a6', accent: '#84cc16', background: '#03120d', card: '#071f17', sidebar: '#051812', foreground: '#ecfdf5' },
  },
  {
    id: 'crimson',
    label: 'Carmesim',
    colours: { primary: '#dc2626', secondary: '#f43f5e', accent: '#f59e0b', background: '#0f0505', card: '#1c0a0a', sidebar: '#160808', foreground: '#fef2f2' },
  },
  {
    id: 'ocean',
    label: 'Oceano',
    colours: { primary: '#0ea5e9', secondary: '#06b6d4', accent: '#2dd4bf', background: '#04111d', card: '#0a1c2e', sidebar: '#071726', foreground: '#e0f2fe' },
  },
  {
    id: 'sunset',
    label: 'Pôr do sol',
    colours: { primary: '#f97316', secondary: '#ec4899', accent: '#facc15', background: '#120a06', card: '#1f120b', sidebar: '#190e08', foreground: '#fff7ed' },
  },
  {
    id: 'forest',
    label: 'Floresta',
    colours: { primary: '#16a34a', secondary: '#65a30d', accent: '#ca8a04', background: '#07100a', card: '#0e1c12', sidebar: '#0a160d', foreground: '#f0fdf4' },
  },
  {
    id: 'royal',
    label: 'Real',
    colours: { primary: '#2563eb', secondary: '#7c3aed', accent: '#eab308', background: '#080a18', card: '#11142a', sidebar: '#0c0f22', foreground: '#eef2ff' },
  },
  {
    id: 'neon',
    label: 'Neon',
    colours: { primary: '#22c55e', secondary: '#ec4899', accent: '#06b6d4', background: '#050505', card: '#0f0f0f', sidebar: '#0a0a0a', foreground: '#f5f5f5' },
  },
]

export function presetById(id: string | null | undefined): ThemePreset | undefined {
  return THEME_PRESETS.find((preset) => preset.id === id)
}

export const fontChoices = FONTS.map((font) => ({ value: font, label: font === DEFAULT_FONT ? `${font} (recomendada)` : font }))
