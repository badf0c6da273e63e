import type * as React from 'react'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { CheckIcon, ChevronRightIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useNow } from '@/hooks/use-now'
import { cn } from '@/lib/class-names'
import type { ClientLicenseItem } from '../api/licenses'
import { connectionState } from '../connection'
import { ChangeAccountDialog } from './change-account-dialog'
import { CLOCK_TICK_MS } from './robot-connection'
import { WEB_REQUEST_OPTION, WEB_REQUEST_SETTING_PATH } from './web-request'

/** Where MetaTrader 5 keeps Expert Advisors, as its menus name the way there. */
export const EXPERTS_FOLDER_PATH = 'Arquivo → Abrir Pasta de Dados → MQL5 → Experts'

/** The robot's input for the purchase e-mail, as MetaTrader shows it (the template's `LicenseEmail` comment). */
export const LICENSE_EMAIL_INPUT = '“E-mail usado na compra” (LicenseEmail)'

/**
 * Where a step stands: `done` and `pending` come from what GET /api/client/licenses says; `info` is a step the
 * server cannot see (Algo Trading, the computer the robot runs on), so it never ticks.
 */
export type StepStatus = 'done' | 'pending' | 'info'

export interface GettingStartedFacts {
  /** Every license that can run now has had its current version downloaded at least once. */
  downloaded: boolean
  /** Every license that can run now is bound to an account, none waiting for confirmation. */
  accountConfirmed: boolean
  /** A robot has reached the license server, so MetaTrader lets it through (WebRequest allowed). */
  reachedServer: boolean
  /** Every license that can run now has its last check valid. */
  connected: boolean
}

/**
 * The licenses the steps are about: those that can run now (active or trial). When none can, all of them, so that
 * a buyer with only an expired license still sees where things stood.
 */
function relevant(licenses: ClientLicenseItem[]): ClientLicenseItem[] {
  const usable = licenses.filter((license) => license.usable)
  return usable.length > 0 ? usable : licenses
}

/** What the license list tells about each step. With no license at all nothing is done yet. */
export function gettingStartedFacts(licenses: ClientLicenseItem[]): GettingStartedFacts {
  const items = relevant(licenses)
  const every = (test: (license: ClientLicenseItem) => boolean) => items.length > 0 && items.every(test)
  return {
    downloaded: every((license) => Boolean(license.lastDownloadedVersion)),
    accountConfirmed: every((license) => Boolean(license.accountNumber) && !license.needsAccountConfirmation),
    reachedServer: items.some((license) => Boolean(license.lastCheck)),
    connected: every((license) => license.lastCheck?.valid === true),
  }
}

/** Whether every step the server can see is done: the card then folds itself away (it can be opened again). */
export function allTrackedDone(facts: GettingStartedFacts): boolean {
  return facts.downloaded && facts.accountConfirmed && facts.reachedServer && facts.connected
}

interface Step {
  key: string
  title: string
  status: StepStatus
  body: React.ReactNode
}

const STATUS_TEXT: Record<StepStatus, string | null> = { done: 'concluído', pending: 'pendente', info: null }

function StepMarker({ status, number }: { status: StepStatus; number: number }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        status === 'done' ? 'bg-success/15 text-success' : status === 'pending' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
      )}
    >
      {status === 'done' ? <CheckIcon className="size-4" /> : number}
    </span>
  )
}

/** The e-mail the robot asks for, unless every copy is personal (decision 0015: it names its license). */
function IdentificationText({ licenses, purchaseEmail }: { licenses?: ClientLicenseItem[]; purchaseEmail?: string | null }) {
  // Until the list is known nothing is said: a buyer with only personal copies must not be told to type an e-mail.
  if (!licenses) return null
  const asking = licenses.filter((license) => !license.personalBuild)
  if (licenses.length > 0 && asking.length === 0) {
    return <p data-testid="getting-started-identification">Sua cópia do robô já identifica a sua licença: não é preciso digitar nada nos parâmetros.</p>
  }
  // Some copies are personal and some are not: name the robots that ask for the e-mail.
  const which = asking.length > 0 && asking.length < licenses.length ? ` (${asking.map((license) => license.robotName ?? 'Robô').join(', ')})` : ''
  return (
    <p data-testid="getting-started-identification">
      Nos parâmetros do robô{which}, preencha {LICENSE_EMAIL_INPUT} com o e-mail da compra
      {purchaseEmail ? (
        <>
          : <span className="font-medium break-all text-foreground">{purchaseEmail}</span>.
        </>
      ) : (
        '.'
      )}
    </p>
  )
}

/**
 * "Primeiros passos": every step from purchase to a running robot, in order, each ticking from what the license list
 * says (downloaded, account confirmed, robot reached the server, connected). Algo Trading and the computer the robot
 * runs on are not visible to the server, so those steps are shown without a tick. Once every visible step is done the
 * card starts folded, and opens again from its button.
 */
export function GettingStartedCard({
  licenses,
  webRequestUrl,
  purchaseEmail,
  robotsPath = '/robots',
}: {
  /** The client's licenses; undefined while they load (nothing ticks then). */
  licenses?: ClientLicenseItem[]
  /** What MetaTrader must allow (GET /api/client/licenses); undefined while loading. */
  webRequestUrl?: string
  /** The signed-in client's e-mail: the one a robot that is not a personal build asks for. */
  purchaseEmail?: string | null
  robotsPath?: string
}) {
  const titleId = useId()
  const panelId = useId()
  const now = useNow(CLOCK_TICK_MS)
  const items = relevant(licenses ?? [])
  const facts = gettingStartedFacts(licenses ?? [])
  const loaded = licenses !== undefined
  const finished = loaded && allTrackedDone(facts)
  // Folded when everything is done at first sight; the buyer's own choice wins from then on.
  const [openChoice, setOpenChoice] = useState<boolean | null>(null)
  const open = openChoice ?? !finished
  const [confirming, setConfirming] = useState(false)
  // The license whose account the button confirms: the first that waits for it and can be changed.
  const toConfirm = items.find((license) => license.needsAccountConfirmation && license.usable)
  const connected = items.find((license) => license.lastCheck?.valid)
  const tracked = (done: boolean): StepStatus => (loaded && done ? 'done' : 'pending')

  const steps: Step[] = [
    {
      key: 'download',
      title: 'Baixe o robô',
      status: tracked(facts.downloaded),
      body: (
        <p>
          Em{' '}
          <Link to={robotsPath} className="font-medium text-primary underline-offset-4 hover:underline">
            Meus Robôs
          </Link>
          , clique em Download e copie o arquivo .ex5 para a pasta de dados do MetaTrader 5 ({EXPERTS_FOLDER_PATH}).
        </p>
      ),
    },
    {
      key: 'account',
      title: 'Confirme a conta MT5 aqui no portal',
      status: tracked(facts.accountConfirmed),
      body: (
        <div className="space-y-2">
          <p>Informe o número da conta MetaTrader 5 em que o robô vai operar. Sem a conta confirmada, o robô não opera.</p>
          {toConfirm && (
            <Button size="sm" onClick={() => setConfirming(true)} aria-label={`Confirmar conta MT5 de ${toConfirm.robotName ?? 'Robô'}`}>
              Confirmar conta
            </Button>
          )}
        </div>
      ),
    },
    {
      key: 'web-request',
      title: 'Permita o WebRequest',
      status: tracked(facts.reachedServer),
      body: (
        <div className="space-y-2">
          <p>
            No MetaTrader 5, abra <span className="font-medium">{WEB_REQUEST_SETTING_PATH}</span>, marque “{WEB_REQUEST_OPTION}” e adicione
            esta URL{webRequestUrl ? ':' : ' (aparece aqui assim que seus robôs carregarem).'}
          </p>
          {webRequestUrl && (
            <div className="flex items-start gap-2">
              <code data-testid="getting-started-web-request-url" className="min-w-0 flex-1 rounded-md border bg-muted px-2.5 py-2 font-mono text-xs break-all">
                {webRequestUrl}
              </code>
              <CopyButton value={webRequestUrl} label="Copiar URL do WebRequest" success="URL copiada para a área de transferência." />
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'algo-trading',
      title: 'Ligue o Algo Trading',
      status: 'info',
      body: (
        <p>
          Clique em “Algo Trading” na barra de ferramentas do MetaTrader até o botão ficar verde: o robô só opera com ele ligado. Ao colocar o
          robô no gráfico, marque também “Permitir Algo Trading” na aba Comum.
        </p>
      ),
    },
    {
      key: 'platform',
      title: 'Use o MetaTrader 5 no Windows ou numa VPS',
      status: 'info',
      body: (
        <p>
          Robôs rodam no MetaTrader 5 para Windows, no seu computador ou numa VPS Windows, que fica ligada o tempo todo. O aplicativo do
          MetaTrader no celular não roda robôs.
        </p>
      ),
    },
    {
      key: 'connected',
      title: 'Coloque o robô no gráfico e confira a conexão',
      status: tracked(facts.connected),
      body: (
        <div className="space-y-1">
          <IdentificationText licenses={loaded ? items : undefined} purchaseEmail={purchaseEmail} />
          <p>
            O robô mostra a situação no gráfico e aqui, em Meus Robôs: “Conectado: conta …”.
            {connected && (
              <>
                {' '}
                Agora: <span className="font-medium break-words text-foreground">{connectionState(connected, now).text}</span>
                {items.length > 1 && ` (${connected.robotName ?? 'Robô'})`}.
              </>
            )}
          </p>
        </div>
      ),
    },
  ]

  const doneCount = steps.filter((step) => step.status === 'done').length
  const trackedCount = steps.filter((step) => step.status !== 'info').length

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0 gap-4 py-5" data-testid="getting-started">
      <CardHeader className="px-5">
        <CardTitle id={titleId} role="heading" aria-level={2}>
          Primeiros passos
        </CardTitle>
        <CardDescription>
          {finished ? 'Tudo pronto: seu robô está conectado.' : 'Do download ao robô operando no MetaTrader 5'}
          {loaded && ` · ${doneCount} de ${trackedCount} verificados`}
        </CardDescription>
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="-ml-2 h-auto min-h-9 px-2 py-1.5 whitespace-normal"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpenChoice(!open)}
          >
            <ChevronRightIcon aria-hidden className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-90')} />
            {open ? 'Ocultar passos' : 'Mostrar passos'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="px-5" id={panelId} hidden={!open}>
        <ol aria-label="Passos para usar o robô" className="grid gap-4">
          {steps.map((step, index) => (
            <li key={step.key} className="flex min-w-0 gap-3" data-step={step.key} data-status={step.status}>
              <StepMarker status={step.status} number={index + 1} />
              <div className="min-w-0 flex-1 space-y-0.5">
                <h3 className="font-medium">
                  {step.title}
                  {STATUS_TEXT[step.status] && <span className="sr-only"> ({STATUS_TEXT[step.status]})</span>}
                </h3>
                <div className="text-sm text-muted-foreground">{step.body}</div>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
      {toConfirm && <ChangeAccountDialog license={toConfirm} open={confirming} onOpenChange={setConfirming} />}
    </Card>
  )
}
