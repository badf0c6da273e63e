import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'

/** The spec's preview length: long sources open folded, so the page stays readable. */
export const SOURCE_PREVIEW_CHARS = 1000

/** A generation's MQL5: the first 1000 characters, with Mostrar tudo / Mostrar menos when there is more. */
export function SourcePreview({ source }: { source: string }) {
  const [full, setFull] = useState(false)
  const id = useId()
  const long = source.length > SOURCE_PREVIEW_CHARS
  const shown = full || !long ? source : `${source.slice(0, SOURCE_PREVIEW_CHARS)}…`
  return (
    <div className="grid justify-items-start gap-2">
      <pre
        id={id}
        tabIndex={0}
        role="region"
        aria-label="Código-fonte"
        className="w-full overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <code data-testid="source-code">{shown}</code>
      </pre>
      {long && (
        <Button variant="link" size="sm" className="px-0" aria-expanded={full} aria-controls={id} onClick={() => setFull((value) => !value)}>
          {full ? 'Mostrar menos' : 'Mostrar tudo'}
        </Button>
      )}
    </div>
  )
}
