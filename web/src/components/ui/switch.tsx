import * as React from 'react'
import { cn } from '@/lib/class-names'

/**
 * An on/off switch: a button with role "switch", so Space and Enter toggle it and a `<label htmlFor>` names it.
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<'button'>, 'role' | 'type' | 'onChange'> & { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-slot="switch"
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-input dark:bg-input/80',
        className,
      )}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) onCheckedChange(!checked)
      }}
      {...props}
    >
      <span
        aria-hidden
        className={cn('pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform', checked ? 'translate-x-4' : 'translate-x-0')}
      />
    </button>
  )
}
