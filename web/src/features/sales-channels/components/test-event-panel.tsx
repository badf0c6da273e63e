import { SendIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import type { ChannelEvent } from '../api/hotmart-channel'
import type { SalesChannelPlatform } from '../platforms'
import type { TestEventPhase } from '../use-channel-test-event'
import { SectionCard } from '@/components/section-card'

interface TestEventPanelProps {
  platform: SalesChannelPlatform
  lastEventAt: string | null | undefined
  phase: TestEventPhase
  event: ChannelEvent | undefined
  sendError: unknown
  onSend: () => void
  /** The role may send one (it changes nothing, but it is a write). */
  canSend: boolean
}

/**
 * "Último evento recebido" and the test event: sent through the real intake, then said as it is — sent and awaited,
 * received (with what the log says), or not arrived yet.
 */
export function TestEventPanel({ platform, lastEventAt, phase, event, sendError, onSend, canSend }: TestEventPanelProps) {
  return (
    <SectionCard
      id="channel-test"
      title="Conexão"
      description={`O evento de teste passa pelo mesmo caminho de uma venda da ${platform.name}, mas não cria venda nem licença.`}
    >
      <p className="text-sm" data-testid="last-event">
        {lastEventAt ? (
          <>
            Último evento recebido: <strong>{formatDateTime(lastEventAt)}</strong>
          </>
        ) : (
          'Nenhum evento recebido ainda.'
        )}
      </p>
      {canSend && (
        <div>
          <Button type="button" variant="outline" onClick={onSend} disabled={phase === 'sending' || phase === 'waiting'}>
            {phase === 'sending' || phase === 'waiting' ? <Spinner label="Aguardando" /> : <SendIcon aria-hidden />}
            Enviar evento de teste
          </Button>
        </div>
      )}
      <TestEventOutcome phase={phase} event={event} sendError={sendError} />
    </SectionCard>
  )
}

function TestEventOutcome({ phase, event, sendError }: Pick<TestEventPanelProps, 'phase' | 'event' | 'sendError'>) {
  // One live region, present from the start, so each change is read out.
  return (
    <div aria-live="polite" data-testid="test-event-outcome">
      {phase === 'sending' && <p className="text-sm text-muted-foreground">Enviando o evento de teste…</p>}
      {phase === 'waiting' && <p className="text-sm text-muted-foreground">Evento de teste enviado, aguardando que apareça no registro…</p>}
      {phase === 'received' && event && (
        <Alert variant={event.status === 'failed' ? 'destructive' : 'success'} role="status">
          <AlertTitle>{event.status === 'failed' ? 'Evento de teste recebido, mas falhou' : 'Evento de teste recebido'}</AlertTitle>
          <AlertDescription>{event.detail}</AlertDescription>
        </Alert>
      )}
      {phase === 'late' && (
        <Alert variant="warning" role="status">
          <AlertTitle>O evento de teste ainda não apareceu</AlertTitle>
          <AlertDescription>Ele foi enviado há mais de 20 segundos. Atualize a página em instantes; se não aparecer, tente de novo.</AlertDescription>
        </Alert>
      )}
      {phase === 'failed' && (
        <Alert variant="destructive">
          <AlertTitle>Evento de teste não enviado</AlertTitle>
          <AlertDescription>{errorMessage(sendError, 'Tente novamente.')}</AlertDescription>
        </Alert>
      )}
    </div>
  )
}
