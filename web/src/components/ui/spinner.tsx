import * as React from 'react'
import { Loader2Icon } from 'lucide-react'
import { cn } from '@/lib/class-names'

export function Spinner({ className, label = 'Carregando', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return <Loader2Icon role="status" aria-label={label} className={cn('size-4 animate-spin', className)} {...props} />
}

/** Centred spinner for a whole screen, e.g. while the session is being checked. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  )
}
