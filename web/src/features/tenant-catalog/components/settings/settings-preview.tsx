import type { Control } from 'react-hook-form'
import { useWatch } from 'react-hook-form'
import { BotIcon } from 'lucide-react'
import { effectiveColours, type SettingsFormValues } from '../../schemas/settings-form'
import { fontStack } from '../../theme-presets'

/** Muted text is the text colour at 60 % (the portal derives it the same way). */
const MUTED_OPACITY = 0.6

/**
 * A miniature of the portal in the colours, font, name and logo being edited, following every change.
 * Styled inline: the values are the owner's, not the app's theme.
 */
export function SettingsPreview({ control, fallbackName }: { control: Control<SettingsFormValues>; fallbackName: string }) {
  const values = useWatch({ control }) as SettingsFormValues
  const colours = effectiveColours(values)
  const name = values.displayName?.trim() || fallbackName
  const muted = { opacity: MUTED_OPACITY }

  return (
    <div
      data-testid="settings-preview"
      className="flex h-80 overflow-hidden rounded-lg border text-xs"
      style={{ background: colours.background, color: colours.foreground, fontFamily: fontStack(values.fontFamily) }}
    >
      <div data-testid="preview-sidebar" className="flex w-2/5 max-w-40 flex-col gap-3 p-3" style={{ background: colours.sidebar }}>
        <div className="flex items-center gap-2">
          {values.logoUrl ? (
            <img src={values.logoUrl} alt="" className="size-6 rounded object-contain" />
          ) : (
            <span className="flex size-6 items-center justify-center rounded" style={{ background: colours.primary }}>
              <BotIcon aria-hidden className="size-3.5" />
            </span>
          )}
          <span className="truncate font-semibold">{name}</span>
        </div>
        <nav aria-label="Menu de exemplo" className="grid gap-1">
          <span className="rounded px-2 py-1" style={{ background: colours.primary }}>
            Dashboard
          </span>
          <span className="px-2 py-1" style={muted}>
            Meus Robôs
          </span>
          <span className="px-2 py-1" style={muted}>
            Assinaturas
          </span>
        </nav>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="text-sm font-semibold">Olá, Maria!</p>
        <div data-testid="preview-card" className="grid gap-1 rounded-md p-3" style={{ background: colours.card }}>
          <span style={muted}>Licenças ativas</span>
          <span className="text-lg font-bold" style={{ color: colours.accent }}>
            3
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className="rounded px-2 py-1" style={{ background: colours.primary }}>
            Download
          </span>
          <span className="rounded px-2 py-1" style={{ background: colours.secondary }}>
            Trocar Conta
          </span>
        </div>
        <p style={muted}>Texto secundário de exemplo.</p>
      </div>
    </div>
  )
}
