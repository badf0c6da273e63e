import * as React from 'react'
import { DownloadIcon, Loader2Icon, RotateCcwIcon, XIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { Spinner } from '@/components/ui/spinner'
import { useNow } from '@/hooks/use-now'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { PersonalBuildStuckError, preparationPercent, useDownloadLicense, type ClientLicenseItem, type PersonalBuildProgress } from '../api/licenses'

const DOWNLOAD_FAILED = 'Não foi possível baixar o arquivo. Tente novamente.'
/** The bar never shows done before the file is there. */
const MAX_SHOWN_PERCENT = 95

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * A license's Download button, then under the row of buttons (`children` joins the row) the wait while the server
 * compiles the buyer's personal copy (asked again until the file comes), or why the download failed, with a retry.
 * Leaving the page (unmount) or Cancelar download stops the asking.
 */
export function LicenseDownload({ license, disabled, children }: { license: ClientLicenseItem; disabled: boolean; children?: React.ReactNode }) {
  const mutation = useDownloadLicense()
  const [preparing, setPreparing] = React.useState<PersonalBuildProgress | null>(null)
  const controller = React.useRef<AbortController | null>(null)
  const button = React.useRef<HTMLButtonElement>(null)
  const panel = React.useRef<HTMLDivElement>(null)
  React.useEffect(() => () => controller.current?.abort(), [])
  const robot = license.robotName ?? 'robô'

  // The panel goes away with the button that may hold the focus (Cancelar download): the focus goes back to Download.
  const refocus = () => {
    const active = document.activeElement
    if (active && active !== document.body && !panel.current?.contains(active)) return
    setTimeout(() => button.current?.focus())
  }

  const start = () => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setPreparing(null)
    toast({ title: 'Download iniciado', description: `Baixando ${robot}…` })
    mutation.mutate(
      { license, signal: current.signal, onPreparing: (progress) => !current.signal.aborted && setPreparing(progress) },
      {
        onSuccess: (fileName) => {
          refocus()
          setPreparing(null)
          toast({ title: 'Download concluído', description: `${fileName} foi salvo.` })
        },
        onError: (error) => {
          if (current.signal.aborted || isAbort(error)) return
          refocus()
          setPreparing(null)
        },
      },
    )
  }

  const cancel = () => {
    controller.current?.abort()
    controller.current = null
    refocus()
    setPreparing(null)
    mutation.reset()
  }

  const error = mutation.isError && !isAbort(mutation.error) ? mutation.error : null
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button ref={button} onClick={start} disabled={disabled || mutation.isPending}>
          {mutation.isPending ? <Spinner label="Baixando" /> : <DownloadIcon aria-hidden />}
          Download
        </Button>
        {children}
      </div>
      <div ref={panel}>
        {preparing && mutation.isPending ? (
          <PreparingPanel progress={preparing} robot={robot} onCancel={cancel} />
        ) : error ? (
          <Alert variant="destructive">
            <AlertTitle>Erro no download</AlertTitle>
            <AlertDescription>
              <p>{error instanceof PersonalBuildStuckError ? error.message : errorMessage(error, DOWNLOAD_FAILED)}</p>
              <Button type="button" variant="outline" size="sm" className="mt-1" onClick={start}>
                <RotateCcwIcon aria-hidden />
                Tentar novamente
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
      </div>
    </>
  )
}

/** "Isso pode levar até 2 minutos": the server's whole wait, which no clock difference changes. */
function expectedWait(progress: PersonalBuildProgress): string | null {
  const ms = Date.parse(progress.fallbackAt) - Date.parse(progress.queuedAt)
  if (!Number.isFinite(ms) || ms <= 0) return null
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return `Isso pode levar até ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`
}

function PreparingPanel({ progress, robot, onCancel }: { progress: PersonalBuildProgress; robot: string; onCancel: () => void }) {
  // Read once a second: the bar advances between two answers of the server.
  const now = useNow(1000)
  // The bar runs on this machine's clock: a skewed clock only moves it, and it stays short of done until the file comes.
  const percent = Math.round(Math.min(MAX_SHOWN_PERCENT, preparationPercent(progress, now)))
  const wait = expectedWait(progress)
  const cancel = React.useRef<HTMLButtonElement>(null)
  React.useEffect(() => {
    // The Download button is off while the copy is prepared: a keyboard user who pressed it lands on Cancelar.
    const active = document.activeElement
    if (!active || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) cancel.current?.focus()
  }, [])
  return (
    <section aria-label={`Preparando ${robot}`} className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p role="status" aria-live="polite" className="flex items-center gap-2 font-medium">
        <Loader2Icon aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
        {progress.message}
      </p>
      <Progress value={percent} label="Progresso da cópia pessoal" valueText={`${percent}%`} />
      <p className="text-xs text-muted-foreground">
        {wait && `${wait} `}O download começa sozinho quando a cópia ficar pronta; se sair desta página, ela continua sendo preparada.
      </p>
      <Button ref={cancel} type="button" variant="outline" size="sm" onClick={onCancel}>
        <XIcon aria-hidden />
        Cancelar download
      </Button>
    </section>
  )
}
