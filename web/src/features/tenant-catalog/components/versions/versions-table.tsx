import { CheckCircle2Icon, DownloadIcon, FlaskConicalIcon, PencilIcon } from 'lucide-react'
import { BacktestStatusBadge } from '@/components/backtest/backtest-results'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { ListTable } from '@/components/data'
import type { VersionItem } from '../../api/versions'
import { CompileOrigin, LoadsDllBadge } from './compile-origin'
import { LicenseProtocolBadge } from './license-protocol-badge'
import { ShaCell } from './sha-cell'
import { ImportSourceLink } from './unchecked-upload'

const columns = [
  { label: 'Versão' },
  { label: 'Arquivo' },
  { label: 'Tamanho' },
  { label: 'Enviado em' },
  { label: 'Notas' },
  { label: 'SHA-256' },
  { label: 'Ações', srOnly: true, className: 'w-56' },
]

export interface VersionActions {
  /** Absent for a role without ManageRobots, as `onEdit`: the row offers the download only. */
  onActivate?: (version: VersionItem) => void
  onEdit?: (version: VersionItem) => void
  onDownload: (version: VersionItem) => void
  /** Opens the version's Strategy Tester runs; offered on .ex5 versions (a .zip cannot be tested). */
  onBacktest?: (version: VersionItem) => void
  /** The version whose download is running, if any. */
  downloading: string | null
}

/**
 * A robot's versions, highest first: the active one marked, with the license check each carries (an .ex5 uploaded
 * ready has none, and the way to get one: importing the .mq5), whether it loads a DLL and which compile job made it;
 * the others can be activated; each can be edited and downloaded, and an .ex5 backtested (its newest run's status shows).
 */
export function VersionsTable({ versions, ...actions }: { versions: VersionItem[] } & VersionActions) {
  return (
    <ListTable
      label="Versões"
      columns={columns}
      query={{ data: { items: versions }, isPending: false, isError: false, error: null, refetch: () => undefined }}
      empty="Nenhuma versão enviada. Envie a primeira abaixo; ela fica ativa automaticamente."
      renderRow={(version) => <VersionRow key={version.id} version={version} {...actions} />}
    />
  )
}

/** Whether the Strategy Tester can run a version: an .ex5 (the server refuses a .zip). */
export function testableVersion(version: Pick<VersionItem, 'originalFileName'>): boolean {
  return version.originalFileName.toLowerCase().endsWith('.ex5')
}

function VersionRow({ version, onActivate, onEdit, onDownload, onBacktest, downloading }: { version: VersionItem } & VersionActions) {
  return (
    <TableRow>
      <TableCell className="font-medium">
        <div className="flex flex-wrap items-center gap-2">
          {version.version}
          {version.active && <Badge variant="success">Ativa</Badge>}
          <LicenseProtocolBadge protocol={version.licenseProtocol} />
          {version.licenseProtocol == null && <ImportSourceLink version={version.version} />}
          {version.loadsDll && <LoadsDllBadge />}
        </div>
        <CompileOrigin version={version} />
        {version.latestBacktest && (
          <p className="mt-1 flex items-center gap-1.5 text-xs font-normal text-muted-foreground">
            Backtest: <BacktestStatusBadge status={version.latestBacktest.status} />
          </p>
        )}
      </TableCell>
      <TableCell className="max-w-48 truncate" title={version.originalFileName}>
        {version.originalFileName}
      </TableCell>
      <TableCell>{formatFileSize(version.fileSize)}</TableCell>
      <TableCell>{formatDateTime(version.uploadedAt)}</TableCell>
      <TableCell className="max-w-64 truncate" title={version.notes ?? undefined}>
        {version.notes || <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell>
        <ShaCell sha256={version.sha256} version={version.version} />
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          {!version.active && onActivate && (
            <Button variant="outline" size="sm" aria-label={`Ativar versão ${version.version}`} onClick={() => onActivate(version)}>
              <CheckCircle2Icon aria-hidden />
              Ativar
            </Button>
          )}
          {onBacktest && testableVersion(version) && (
            <Button variant="outline" size="sm" aria-label={`Backtest da versão ${version.version}`} onClick={() => onBacktest(version)}>
              <FlaskConicalIcon aria-hidden />
              Backtest
            </Button>
          )}
          {onEdit && (
            <Button variant="ghost" size="icon" aria-label={`Editar versão ${version.version}`} title="Editar" onClick={() => onEdit(version)}>
              <PencilIcon aria-hidden />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Baixar versão ${version.version}`}
            title="Baixar"
            disabled={downloading === version.id}
            onClick={() => onDownload(version)}
          >
            {downloading === version.id ? <Spinner label="Baixando" /> : <DownloadIcon aria-hidden />}
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}
