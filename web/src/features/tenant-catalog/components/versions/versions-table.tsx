import { ArchiveRestoreIcon, BanIcon, CheckCircle2Icon, DownloadIcon, FlaskConicalIcon, PencilIcon } from 'lucide-react'
import { BacktestStatusBadge } from '@/components/backtest/backtest-results'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { ResponsiveTable, type DataColumn } from '@/components/data'
import type { VersionItem } from '../../api/versions'
import { CompileOrigin, LoadsDllBadge } from './compile-origin'
import { LicenseProtocolBadge } from './license-protocol-badge'
import { ShaCell } from './sha-cell'
import { ImportSourceLink } from './unchecked-upload'

export interface VersionActions {
  /** Absent for a role without ManageRobots, as `onEdit`: the row offers the download only. */
  onActivate?: (version: VersionItem) => void
  onEdit?: (version: VersionItem) => void
  /** Withdraws a version that is not the active one (ManageRobots, like `onActivate`). */
  onWithdraw?: (version: VersionItem) => void
  /** Offers a withdrawn version again. */
  onRestore?: (version: VersionItem) => void
  /** The version whose withdrawal or restoration is running, if any. */
  changing?: string | null
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
 * A version that is not active can be withdrawn (robots running it stop at their next check) and restored; a withdrawn
 * one is marked and must be restored before it is activated. Each says how many installations run it.
 */
export function VersionsTable({ versions, emptyText, ...actions }: { versions: VersionItem[]; emptyText?: string } & VersionActions) {
  return (
    <ResponsiveTable
      label="Versões"
      columns={versionColumns(actions)}
      items={versions}
      rowKey={(version) => version.id}
      // While a first compile waits, the page says so (and why) instead of inviting an unprotected .ex5 upload.
      placeholder={emptyText ?? 'Nenhuma versão enviada. Envie a primeira abaixo; ela fica ativa automaticamente.'}
    />
  )
}

/** A version's columns; on a phone, a card headed by the number and its badges, with labelled actions. */
function versionColumns(actions: VersionActions): DataColumn<VersionItem>[] {
  return [
    { label: 'Versão', className: 'font-medium', card: 'title', cell: (version) => <VersionSummary version={version} /> },
    {
      label: 'Arquivo',
      className: 'max-w-48 truncate',
      cell: (version) => <span title={version.originalFileName}>{version.originalFileName}</span>,
    },
    { label: 'Tamanho', cell: (version) => formatFileSize(version.fileSize) },
    { label: 'Enviado em', cell: (version) => formatDateTime(version.uploadedAt) },
    {
      label: 'Notas',
      className: 'max-w-64 truncate',
      cell: (version) => <span title={version.notes ?? undefined}>{version.notes || <span className="text-muted-foreground">—</span>}</span>,
    },
    { label: 'SHA-256', cell: (version) => <ShaCell sha256={version.sha256} version={version.version} /> },
    { label: 'Ações', card: 'actions', cell: (version) => <VersionButtons version={version} {...actions} /> },
  ]
}

/** Whether the Strategy Tester can run a version: an .ex5 (the server refuses a .zip). */
export function testableVersion(version: Pick<VersionItem, 'originalFileName'>): boolean {
  return version.originalFileName.toLowerCase().endsWith('.ex5')
}

/** The number, with what marks it: active, its license check, a DLL, the compile that made it, its latest backtest. */
function VersionSummary({ version }: { version: VersionItem }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {version.version}
        {version.active && <Badge variant="success">Ativa</Badge>}
        {version.withdrawnAt && (
          <Badge variant="destructive" title={`Retirada em ${formatDateTime(version.withdrawnAt)}`}>
            Retirada
          </Badge>
        )}
        <LicenseProtocolBadge protocol={version.licenseProtocol} />
        {version.licenseProtocol == null && <ImportSourceLink version={version.version} />}
        {version.loadsDll && <LoadsDllBadge />}
      </div>
      <CompileOrigin version={version} />
      <p className="mt-1 text-xs font-normal text-muted-foreground">{installationsText(version.installations)}</p>
      {version.latestBacktest && (
        <p className="mt-1 flex items-center gap-1.5 text-xs font-normal text-muted-foreground">
          Backtest: <BacktestStatusBadge status={version.latestBacktest.status} />
        </p>
      )}
    </>
  )
}

/** "3 instalações nos últimos 30 dias", as the row says it. */
export function installationsText(count: number): string {
  if (count === 0) return 'Nenhuma instalação nos últimos 30 dias'
  return `${count} ${count === 1 ? 'instalação' : 'instalações'} nos últimos 30 dias`
}

function VersionButtons({
  version,
  onActivate,
  onEdit,
  onWithdraw,
  onRestore,
  changing,
  onDownload,
  onBacktest,
  downloading,
}: { version: VersionItem } & VersionActions) {
  const busy = changing === version.id
  return (
    <>
      {!version.active && !version.withdrawnAt && onActivate && (
        <Button variant="outline" size="sm" aria-label={`Ativar versão ${version.version}`} onClick={() => onActivate(version)}>
          <CheckCircle2Icon aria-hidden />
          Ativar
        </Button>
      )}
      {!version.active && !version.withdrawnAt && onWithdraw && (
        <Button variant="ghost" size="sm" aria-label={`Retirar versão ${version.version}`} disabled={busy} onClick={() => onWithdraw(version)}>
          <BanIcon aria-hidden />
          Retirar versão
        </Button>
      )}
      {version.withdrawnAt && onRestore && (
        <Button variant="outline" size="sm" aria-label={`Restaurar versão ${version.version}`} disabled={busy} onClick={() => onRestore(version)}>
          {busy ? <Spinner label="Restaurando" /> : <ArchiveRestoreIcon aria-hidden />}
          Restaurar
        </Button>
      )}
      {onBacktest && testableVersion(version) && (
        <Button variant="outline" size="sm" aria-label={`Backtest da versão ${version.version}`} onClick={() => onBacktest(version)}>
          <FlaskConicalIcon aria-hidden />
          Backtest
        </Button>
      )}
      {onEdit && (
        <Button variant="ghost" size="sm" aria-label={`Editar versão ${version.version}`} onClick={() => onEdit(version)}>
          <PencilIcon aria-hidden />
          Editar
        </Button>
      )}
      <Button variant="ghost" size="sm" aria-label={`Baixar versão ${version.version}`} disabled={downloading === version.id} onClick={() => onDownload(version)}>
        {downloading === version.id ? <Spinner label="Baixando" /> : <DownloadIcon aria-hidden />}
        Baixar
      </Button>
    </>
  )
}
