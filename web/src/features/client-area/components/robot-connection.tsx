import { useId, useState } from 'react'
import { ChevronRightIcon, CircleAlertIcon, CircleDashedIcon, PlugZapIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Button } from '@/components/ui/button'
import { useNow } from '@/hooks/use-now'
import { cn } from '@/lib/class-names'
import { connectionState, type ConnectionFacts, type ConnectionState } from '../connection'
import { WEB_REQUEST_OPTION, WEB_REQUEST_SETTING_PATH } from './web-request'

/** How often "há 2 min" is read again; the list itself is fetched again as often (LICENSES_REFRESH_MS). */
export const CLOCK_TICK_MS = 30_000

const ICONS: Record<ConnectionState['kind'], { icon: typeof PlugZapIcon; className: string }> = {
  connected: { icon: PlugZapIcon, className: 'text-success' },
  never: { icon: CircleDashedIcon, className: 'text-muted-foreground' },
  refused: { icon: CircleAlertIcon, className: 'text-destructive' },
}

/**
 * A robot's connection to the license server, on its card: the state of its last check, live (the list is fetched
 * again while the page is visible, and the relative time moves on by itself), and, behind a disclosure that starts
 * open until the robot has connected, the URL to allow in MetaTrader 5 with a copy button and the three steps to
 * allow it. A copy of the robot that is not personal also needs the purchase e-mail typed in its LicenseEmail input;
 * a personal build names its license, so its buyer is told to type nothing.
 */
export function RobotConnection({
  license,
  robotName,
  webRequestUrl,
  purchaseEmail,
}: {
  license: ConnectionFacts
  robotName: string
  webRequestUrl: string
  /** The signed-in client's e-mail: the one the robot's LicenseEmail input wants (the purchase's). */
  purchaseEmail?: string | null
}) {
  const now = useNow(CLOCK_TICK_MS)
  const state = connectionState(license, now)
  const [open, setOpen] = useState(state.kind !== 'connected')
  const panelId = useId()
  const { icon: Icon, className: iconClass } = ICONS[state.kind]
  return (
    <section aria-label={`Conexão de ${robotName} com o MetaTrader 5`} className="space-y-2 rounded-md border p-3 text-sm">
      <div className="flex items-start gap-2" data-testid="connection-state" data-state={state.kind}>
        <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', iconClass)} />
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium break-words">{state.text}</p>
          {state.kind === 'refused' && state.detail && <p className="text-xs text-muted-foreground">{state.detail}</p>}
        </div>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-2 h-auto min-h-9 px-2 py-1.5 whitespace-normal"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronRightIcon aria-hidden className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-90')} />
        Como conectar no MetaTrader 5
      </Button>
      <div id={panelId} hidden={!open} className="space-y-3">
        <div className="flex items-start gap-2">
          <code data-testid="card-web-request-url" className="min-w-0 flex-1 rounded-md border bg-muted px-2.5 py-2 font-mono text-xs break-all">
            {webRequestUrl}
          </code>
          <CopyButton value={webRequestUrl} label={`Copiar URL do WebRequest de ${robotName}`} success="URL copiada para a área de transferência." />
        </div>
        <ol aria-label="Liberar a URL no MetaTrader 5" className="list-decimal space-y-1 pl-5">
          <li>
            No MetaTrader 5, abra <span className="font-medium">{WEB_REQUEST_SETTING_PATH}</span>.
          </li>
          <li>Marque “{WEB_REQUEST_OPTION}”.</li>
          <li>Adicione a URL acima e clique em OK.</li>
        </ol>
        {license.personalBuild ? (
          <p className="text-muted-foreground" data-testid="license-identification">
            Esta é a sua cópia pessoal: ela já identifica a sua licença. Deixe o campo LicenseEmail do robô em branco; basta a conta
            confirmada aqui e a URL liberada.
          </p>
        ) : (
          <p className="text-muted-foreground" data-testid="license-identification">
            Ao colocar o robô no gráfico, preencha o campo LicenseEmail com o e-mail da compra
            {purchaseEmail ? (
              <>
                : <span className="font-medium break-words text-foreground">{purchaseEmail}</span>.
              </>
            ) : (
              '.'
            )}
          </p>
        )}
      </div>
    </section>
  )
}
