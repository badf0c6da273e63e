import { CheckIcon } from 'lucide-react'
import { cn } from '@/lib/class-names'
import { THEME_PRESETS, type ThemePreset } from '../../theme-presets'

/** The ten ready-made themes as cards showing their colours; choosing one fills every colour field. */
export function PresetPicker({ value, onChoose }: { value: string; onChoose: (preset: ThemePreset) => void }) {
  return (
    <div role="group" aria-label="Temas prontos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {THEME_PRESETS.map((preset) => {
        const chosen = value === preset.id
        const { colours } = preset
        return (
          <button
            key={preset.id}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(preset)}
            className={cn(
              'grid gap-2 rounded-lg border p-2 text-left text-sm transition-colors outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50',
              chosen && 'border-primary ring-2 ring-primary/40',
            )}
          >
            {/* A miniature of the theme: its background, sidebar and card with the three accents. */}
            <span aria-hidden className="flex h-12 overflow-hidden rounded-md border" style={{ background: colours.background }}>
              <span className="w-1/4" style={{ background: colours.sidebar }} />
              <span className="m-1.5 flex flex-1 items-end gap-1 rounded p-1" style={{ background: colours.card }}>
                <span className="size-3 rounded-full" style={{ background: colours.primary }} />
                <span className="size-3 rounded-full" style={{ background: colours.secondary }} />
                <span className="size-3 rounded-full" style={{ background: colours.accent }} />
              </span>
            </span>
            <span className="flex items-center justify-between gap-1 font-medium">
              {preset.label}
              {chosen && <CheckIcon aria-hidden className="size-4 text-primary" />}
            </span>
          </button>
        )
      })}
    </div>
  )
}
