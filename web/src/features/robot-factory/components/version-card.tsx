import { DownloadIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import type { ProjectVersion } from '../api/types'
import { isVersionInProgress } from '../labels'
import { VersionStatusBadge } from './status-badges'
import { VersionProblems } from './version-problems'

/** One generated version: number, status, date, the AI's fix attempts, the .ex5 once compiled, and what went wrong. */
export function VersionCard({ version, downloading, onDownload }: { version: ProjectVersion; downloading: boolean; onDownload: () => void }) {
  return (
    <li className="grid gap-3 rounded-md border p-4" aria-label={`Versão ${version.version}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">Versão {version.version}</h3>
          <VersionStatusBadge status={version.compilationStatus} />
          {isVersionInProgress(version.compilationStatus) && <Spinner label="Em andamento" className="text-muted-foreground" />}
        </div>
        {version.hasCompiledFile && (
          <Button variant="outline" size="sm" onClick={onDownload} disabled={downloading} aria-label={`Baixar .ex5 da versão ${version.version}`}>
            {downloading ? <Spinner aria-hidden /> : <DownloadIcon aria-hidden />}
            Baixar .ex5
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          Criada em <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
        </span>
        {version.retryCount > 0 && (
          <span>
            Tentativas de correção: {version.retryCount}/{version.maxRetries}
          </span>
        )}
      </div>
      <VersionProblems version={version} />
      {version.reviewNotes?.trim() && (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">Notas da revisão</summary>
          <p className="mt-2 break-words whitespace-pre-wrap text-muted-foreground">{version.reviewNotes}</p>
        </details>
      )}
    </li>
  )
}
