import * as React from 'react'
import { cn } from '@/lib/class-names'

const tones = {
  default: 'bg-primary',
  warning: 'bg-amber-500',
  destructive: 'bg-destructive',
} as const

/**
 * A horizontal bar filled to `value` (0 to 100). `label` names it for screen readers and `valueText` says what
 * the number means ("12,5 MB de 500 MB"), since a bare percentage often does not.
 */
export function Progress({
  value,
  label,
  valueText,
  tone = 'default',
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'role' | 'children'> & {
  value: number
  label: string
  valueText?: string
  tone?: keyof typeof tones
}) {
  const clamped = Math.min(100, Math.max(0, value))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      data-slot="progress"
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none', tones[tone])} style={{ width: `${clamped}%` }} />
    </div>
  )
}
