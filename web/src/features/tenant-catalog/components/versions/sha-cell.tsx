import { CopyButton } from '@/components/data'

/** How many hex digits of a SHA-256 the list shows; the whole hash is in the tooltip and the copy. */
const SHOWN = 12

/** A file's SHA-256, shortened, with a copy button (to check a download against it). */
export function ShaCell({ sha256, version }: { sha256: string | null | undefined; version: string }) {
  if (!sha256) return <span className="text-muted-foreground">—</span>
  return (
    <div className="flex items-center gap-1">
      <code className="font-mono text-xs" title={sha256}>
        {sha256.slice(0, SHOWN)}…
      </code>
      <CopyButton value={sha256} label={`Copiar SHA-256 da versão ${version}`} success="SHA-256 copiado." />
    </div>
  )
}
