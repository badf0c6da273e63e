import * as React from 'react'
import { FileSearchIcon, ShieldOffIcon } from 'lucide-react'
import { ConfirmDialog, ResponsiveTable, StatusBadge, type DataColumn } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { cn } from '@/lib/class-names'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { useRevokeBuild, useTraceLeak, type BuildDownload, type LeakTrace } from '../api/personal-builds'
import { buildStatusLabel, buildStatusTones, licenseStatusLabels } from '../labels'

const FILE_REQUIRED = 'Escolha o arquivo .ex5 encontrado.'
const TRACE_FAILED = 'Não foi possível rastrear o arquivo. Tente novamente.'
const TOO_LARGE = 'O arquivo é grande demais para ser rastreado.'

/**
 * "Rastrear vazamento": the owner gives a found .ex5 (chosen or dropped) and learns whose personal copy it is — the
 * build, the license, the buyer and every download of that copy (IP, date and time) — and may revoke that copy.
 */
export function LeakTraceSection({ robotId, canRevoke }: { robotId: string; canRevoke: boolean }) {
  const titleId = React.useId()
  const inputId = React.useId()
  const hintId = React.useId()
  const errorId = React.useId()
  const [file, setFile] = React.useState<File | null>(null)
  const [missingFile, setMissingFile] = React.useState(false)
  const [dragging, setDragging] = React.useState(false)
  const [trace, setTrace] = React.useState<LeakTrace | null>(null)
  const traceLeak = useTraceLeak()

  const choose = (chosen: File | null | undefined) => {
    setFile(chosen ?? null)
    setMissingFile(false)
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!file) {
      setMissingFile(true)
      return
    }
    setTrace(null)
    traceLeak.mutate({ robotId, file }, { onSuccess: setTrace })
  }

  const failure = traceLeak.isError
    ? errorMessage(traceLeak.error, traceLeak.error instanceof ApiError && traceLeak.error.status === 413 ? TOO_LARGE : TRACE_FAILED)
    : null

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h3 id={titleId} className="font-medium">
        Rastrear vazamento
      </h3>
      <form onSubmit={submit} noValidate aria-label="Rastrear vazamento" className="space-y-3">
        <div
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            choose(event.dataTransfer.files[0])
          }}
          data-dragging={dragging || undefined}
          className={cn('grid gap-2 rounded-md border-2 border-dashed p-4 transition-colors', dragging && 'border-primary bg-primary/5')}
        >
          <Label htmlFor={inputId}>Arquivo .ex5 encontrado</Label>
          <Input
            id={inputId}
            type="file"
            accept=".ex5"
            disabled={traceLeak.isPending}
            aria-describedby={missingFile ? `${hintId} ${errorId}` : hintId}
            aria-invalid={missingFile || undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            Escolha o arquivo ou arraste-o até aqui. Ele é comparado às cópias pessoais deste robô e não fica guardado.
          </p>
          {file && (
            <p className="text-sm">
              Arquivo: <span className="font-medium">{file.name}</span> ({formatFileSize(file.size)})
            </p>
          )}
          {missingFile && (
            <p id={errorId} className="text-sm text-destructive">
              {FILE_REQUIRED}
            </p>
          )}
        </div>
        <Button type="submit" disabled={traceLeak.isPending}>
          {traceLeak.isPending ? <Spinner label="Rastreando" /> : <FileSearchIcon aria-hidden />}
          Rastrear vazamento
        </Button>
      </form>
      {failure && (
        <Alert variant="destructive">
          <AlertTitle>Erro ao rastrear arquivo</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      {trace && <TraceResult trace={trace} canRevoke={canRevoke} onRevoked={() => setTrace({ ...trace, buildStatus: 'revoked' })} />}
    </section>
  )
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  )
}

/** A download of the copy; two narrow columns, a line each on a phone's card. */
const downloadColumns: DataColumn<BuildDownload>[] = [
  { label: 'Data e hora', card: 'title', cell: (download) => formatDateTime(download.downloadedAt) },
  { label: 'IP', cell: (download) => <span className="font-mono text-xs">{download.ip || '—'}</span> },
]

function TraceResult({ trace, canRevoke, onRevoked }: { trace: LeakTrace; canRevoke: boolean; onRevoked: () => void }) {
  const titleId = React.useId()
  const [confirming, setConfirming] = React.useState(false)
  const revoke = useRevokeBuild()
  const buyer = trace.clientName || trace.clientEmail || 'cliente removido'
  const revoked = trace.buildStatus === 'revoked'

  const confirmRevocation = () =>
    revoke.mutate(
      { licenseId: trace.licenseId, buildId: trace.buildId },
      {
        onSuccess: () => {
          setConfirming(false)
          onRevoked()
          toast({ title: 'Cópia revogada', description: `A próxima verificação desta cópia será recusada. As outras licenças de ${buyer} continuam funcionando.` })
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao revogar cópia', description: errorMessage(error, 'Tente novamente.') }),
      },
    )

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={titleId} className="font-medium">
          Resultado do rastreamento
        </h4>
        <StatusBadge tone={buildStatusTones[trace.buildStatus]}>{buildStatusLabel(trace.buildStatus)}</StatusBadge>
      </div>
      <p className="text-sm">
        Este arquivo é a cópia pessoal de <span className="font-medium">{buyer}</span>.
      </p>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Detail label="Comprador">{trace.clientName || '—'}</Detail>
        <Detail label="E-mail">{trace.clientEmail || '—'}</Detail>
        <Detail label="Licença">
          <span className="font-mono text-xs">{trace.licenseId}</span> · {licenseStatusLabels[trace.licenseStatus] ?? trace.licenseStatus}
        </Detail>
        <Detail label="Conta MT">{trace.accountNumber || '—'}</Detail>
        <Detail label="Versão">{trace.version ? `v${trace.version}` : '—'}</Detail>
        <Detail label="Cópia (build)">
          <span className="font-mono text-xs">{trace.buildId}</span>
        </Detail>
        <Detail label="Marca da cópia">
          <span className="font-mono text-xs">{trace.buildMark}</span>
        </Detail>
        <Detail label="Gerada em">{formatDateTime(trace.readyAt ?? trace.builtAt)}</Detail>
        {trace.revokedAt && <Detail label="Revogada em">{formatDateTime(trace.revokedAt)}</Detail>}
      </dl>
      <ResponsiveTable
        label="Downloads desta cópia"
        columns={downloadColumns}
        items={trace.downloads}
        rowKey={(download) => `${download.downloadedAt}-${download.ip ?? ''}`}
        placeholder="Nenhum download registrado desta cópia."
      />
      {revoked ? (
        <Alert variant="success" role="status">
          <ShieldOffIcon aria-hidden />
          <AlertTitle>Cópia revogada</AlertTitle>
          <AlertDescription>A próxima verificação de licença desta cópia é recusada; as outras licenças e robôs do comprador não mudam.</AlertDescription>
        </Alert>
      ) : (
        canRevoke && (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <ShieldOffIcon aria-hidden />
            Revogar esta cópia
          </Button>
        )
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !revoke.isPending && setConfirming(open)}
        title="Revogar esta cópia?"
        description={`A cópia de ${buyer} deixa de funcionar na próxima verificação de licença. As outras licenças e robôs de ${buyer} não são afetados. Não é possível desfazer.`}
        confirmLabel="Revogar"
        pending={revoke.isPending}
        onConfirm={confirmRevocation}
      />
    </section>
  )
}
