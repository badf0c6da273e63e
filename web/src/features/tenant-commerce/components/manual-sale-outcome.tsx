import * as React from 'react'
import { LinkIcon } from 'lucide-react'
import { ClientAccessLinkFlow } from '@/components/commerce/client-access-link'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import type { ManualSaleRecorded } from '../api/manual-sales'

/** What happened to the buyer's access e-mail, as it is: refused (and why) or waiting its turn to go out. */
export function emailStatusText(recorded: ManualSaleRecorded): { sent: boolean; title: string; text: string } {
  if (recorded.emailRefusal) return { sent: false, title: 'E-mail de acesso não enviado', text: recorded.emailRefusal }
  const who = recorded.sale.clientEmail ?? 'o comprador'
  if (recorded.clientCreated) {
    return { sent: true, title: 'E-mail de acesso na fila de envio', text: `O acesso para ${who} sai em instantes. Acompanhe a entrega na página do cliente, em E-mails.` }
  }
  return {
    sent: true,
    title: 'Confirmação na fila de envio',
    text: `${recorded.sale.clientName ?? 'O cliente'} já era cliente: a licença foi adicionada e a confirmação para ${who} sai em instantes.`,
  }
}

/**
 * The answer of "Registrar venda", told as it is: the sale and its purchase id, what happened to the e-mail, the
 * robot's missing version when it has none, and — when the e-mail did not go — the buyer's one-time access link to
 * send another way.
 */
export function ManualSaleOutcome({ recorded, onDone }: { recorded: ManualSaleRecorded; onDone: () => void }) {
  const [linking, setLinking] = React.useState(false)
  const purchaseId = recorded.sale.externalId ?? ''
  const email = emailStatusText(recorded)
  const canLink = Boolean(recorded.emailRefusal && recorded.clientId)
  return (
    <div className="grid gap-4" role="status" aria-live="polite" data-testid="manual-sale-outcome">
      <div className="grid gap-1">
        <p className="font-medium">{recorded.replayed ? 'Venda já registrada' : 'Venda registrada'}</p>
        <p className="text-sm text-muted-foreground">
          {recorded.replayed ? 'Este envio já tinha registrado a venda. ' : ''}ID da compra: <span className="font-mono">{purchaseId}</span>
        </p>
      </div>
      <Alert variant={email.sent ? 'default' : 'destructive'} role="status">
        <AlertTitle>{email.title}</AlertTitle>
        <AlertDescription>{email.text}</AlertDescription>
      </Alert>
      {recorded.robotWarning && (
        <Alert variant="warning" role="status">
          <AlertTitle>Robô sem versão ativa</AlertTitle>
          <AlertDescription>{recorded.robotWarning}</AlertDescription>
        </Alert>
      )}
      {canLink &&
        (linking ? (
          <ClientAccessLinkFlow clientId={recorded.clientId!} clientName={recorded.sale.clientName ?? 'o comprador'} onClose={() => setLinking(false)} closeWhenDone={false} />
        ) : (
          <div>
            <Button type="button" variant="outline" onClick={() => setLinking(true)}>
              <LinkIcon aria-hidden />
              Copiar link de acesso
            </Button>
          </div>
        ))}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Fechar
        </Button>
      </DialogFooter>
    </div>
  )
}
