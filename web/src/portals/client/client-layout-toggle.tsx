import { PanelLeftIcon, PanelTopIcon, type LucideIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/class-names'
import type { ClientLayoutKind } from './client-layout-choice'

const options: Array<{ kind: ClientLayoutKind; label: string; icon: LucideIcon }> = [
  { kind: 'header', label: 'Menu superior', icon: PanelTopIcon },
  { kind: 'sidebar', label: 'Menu lateral', icon: PanelLeftIcon },
]

/**
 * Lets the client pick the top menu or the sidebar. Both choices are shown, the current one pressed,
 * so the control reads the same in either layout.
 */
export function ClientLayoutToggle({
  current,
  onChange,
  className,
  iconsOnly = false,
}: {
  current: ClientLayoutKind
  onChange: (layout: ClientLayoutKind) => void
  className?: string
  /** In the top bar, where the menu needs the room: the names stay in the title and for screen readers. */
  iconsOnly?: boolean
}) {
  return (
    <div role="group" aria-label="Tipo de menu" className={cn('inline-flex shrink-0 items-center gap-0.5 rounded-md border p-0.5', className)}>
      {options.map(({ kind, label, icon: Icon }) => {
        const pressed = kind === current
        return (
          <Button
            key={kind}
            variant={pressed ? 'secondary' : 'ghost'}
            size="sm"
            className="h-7 px-2"
            aria-pressed={pressed}
            title={label}
            onClick={() => !pressed && onChange(kind)}
          >
            <Icon aria-hidden />
            {/* Icons only on narrow screens; the title and the hidden text keep the name. */}
            <span className={iconsOnly ? 'sr-only' : 'sr-only lg:not-sr-only'}>{label}</span>
          </Button>
        )
      })}
    </div>
  )
}
