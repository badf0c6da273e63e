import { useState } from 'react'
import { BotIcon } from 'lucide-react'

/** The robot's logo, or a robot mark when it has none or the image fails to load. */
export function RobotLogo({ src, name }: { src?: string | null; name: string }) {
  const [failed, setFailed] = useState(false)
  if (src && !failed) {
    return <img src={src} alt={`Logo ${name}`} className="size-14 shrink-0 rounded-lg border object-contain" onError={() => setFailed(true)} />
  }
  return (
    <div data-testid="robot-logo-placeholder" aria-hidden className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
      <BotIcon className="size-7" />
    </div>
  )
}
