import { Badge } from '@/components/ui/badge'
import type { VersionItem } from '../../api/versions'

/** How many characters of the job id the hint shows (as the admin's compile screens do). */
const JOB_ID_SHOWN = 8

/** "Carrega DLL": the version's source imports a DLL, which the robot's sales page tells buyers. */
export function LoadsDllBadge() {
  return (
    <Badge variant="warning" title="O código-fonte desta versão importa uma DLL (#import); a página de vendas avisa os compradores.">
      Carrega DLL
    </Badge>
  )
}

/**
 * Which compile job made a version's file, with the SHA-256 of the source it compiled on hover; nothing for an
 * uploaded .ex5.
 */
export function CompileOrigin({ version }: { version: Pick<VersionItem, 'compileJobId' | 'sourceSha256'> }) {
  if (!version.compileJobId) return null
  const jobId = version.compileJobId
  return (
    <p
      className="text-xs font-normal text-muted-foreground"
      title={version.sourceSha256 ? `SHA-256 do código-fonte: ${version.sourceSha256}` : `Compilação ${jobId}`}
    >
      Gerado pela compilação <span className="font-mono">{jobId.slice(0, JOB_ID_SHOWN)}</span>
    </p>
  )
}
