import { useState } from 'react'
import { BotIcon } from 'lucide-react'
import { cn } from '@/lib/class-names'

/** Tenant logo, or a neutral robot mark when there is none or it fails to load. */
export function BrandLogo({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false)
  if (src && !failed) {
    return <img src={src} alt={`Logo ${name}`} className={cn('size-8 rounded-md object-contain', className)} onError={() => setFailed(true)} />
  }
  return (
    <div aria-hidden className={cn('flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground', className)}>
      <BotIcon className="size-4" />
    </div>
  )
}
