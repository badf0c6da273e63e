import { useId } from 'react'
import { cn } from '@/lib/class-names'
import { PHASE_LABEL, type ImportPhase } from '../job-progress'

/**
 * The import's progress bar with its phase written out. The phase text is a polite live region, so a screen
 * reader hears each step without having to look for it.
 */
export function ImportProgress({ phase, progress }: { phase: ImportPhase; progress: number }) {
  const labelId = useId()
  const label = PHASE_LABEL[phase]
  const failed = phase === 'failed'
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span id={labelId} aria-live="polite" className={cn('font-medium', failed && 'text-destructive')}>
          {label}
        </span>
        <span className="tabular-nums text-muted-foreground" aria-hidden>
          {progress}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Progresso da compilação"
        aria-describedby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% · ${label}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none', failed ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  )
}
