import { useId, type ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/class-names'
import { CopyButton } from './copy-button'

/**
 * A value to hand over (an address, a link, a key): its label, the whole value in a read-only input (selected on
 * focus, so it can be copied by hand too) and a button that copies exactly that whole value. `copyLabel` names the
 * button ("Copiar endereço do portal"); `showCopyLabel` writes it on the button rather than an icon alone.
 */
export function CopyableValue({
  label,
  value,
  copyLabel,
  success,
  showCopyLabel = false,
  onCopied,
  mono = false,
  description,
}: {
  label: string
  value: string
  copyLabel: string
  success?: string
  showCopyLabel?: boolean
  /** Called after the value reached the clipboard (e.g. to tick a checklist step). */
  onCopied?: () => void
  mono?: boolean
  description?: ReactNode
}) {
  const id = useId()
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {/* A written button goes under the value on a phone; an icon stays beside it. */}
      <div className={cn('flex min-w-0 gap-2', showCopyLabel && 'flex-wrap sm:flex-nowrap')}>
        <Input
          id={id}
          readOnly
          value={value}
          className={cn('min-w-0 flex-1', showCopyLabel && 'basis-full sm:basis-auto', mono && 'font-mono text-xs')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value} label={copyLabel} success={success} showLabel={showCopyLabel} onCopied={onCopied} />
      </div>
      {description && <p className="text-xs text-muted-foreground">{description}</p>}
    </div>
  )
}
