import { useEffect, useRef, type ReactNode } from 'react'
import { cn } from '@/lib/class-names'

/**
 * An import outcome's heading, focused when it appears: the button that started the job was disabled meanwhile
 * (or is gone), so keyboard and screen-reader users land on the result instead of the top of the page.
 */
export function OutcomeHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h2 ref={ref} tabIndex={-1} className={cn('text-lg leading-none font-semibold outline-none', className)}>
      {children}
    </h2>
  )
}
