import { KeyRoundIcon } from 'lucide-react'
import { CopyableValue } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api/client'
import { useCreateClientAccessLink } from '@/lib/api/client-access-link'
import { formatDateTime } from '@/lib/format'

/** What the owner must know before making a link: what it does, for how long, and that it is a key. */
export function accessLinkWarning(clientName: string): string {
  return (
    `O link faz ${clientName} entrar no portal do cliente sem senha. Ele funciona uma única vez e vale por 24 horas. ` +
    'Qualquer pessoa com o link entra como este comprador: envie somente para ele, por um canal seu (WhatsApp, por exemplo).'
  )
}

/**
 * Makes a buyer's one-time access link after saying what it is, then shows the whole link with a button that copies
 * all of it and when it expires. `onClose` ends it (Cancelar, and Fechar once the link is shown unless `closeWhenDone` is
 * false: inside another answer, whose own button closes everything).
 */
export function ClientAccessLinkFlow({
  clientId,
  clientName,
  onClose,
  closeWhenDone = true,
}: {
  clientId: string
  clientName: string
  onClose: () => void
  closeWhenDone?: boolean
}) {
  const create = useCreateClientAccessLink()
  if (create.data) {
    return (
      <div className="grid gap-3" data-testid="access-link-created">
        <CopyableValue
          label="Link de acesso"
          value={create.data.link}
          copyLabel="Copiar link de acesso"
          success="Envie somente para o comprador."
          showCopyLabel
          mono
          description={`Funciona uma vez, até ${formatDateTime(create.data.expiresAt)}. Depois, gere outro.`}
        />
        {closeWhenDone && (
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Fechar
            </Button>
          </div>
        )}
      </div>
    )
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">{accessLinkWarning(clientName)}</p>
      {create.isError && (
        <Alert variant="destructive">
          <AlertTitle>Link não gerado</AlertTitle>
          <AlertDescription>{errorMessage(create.error, 'Não foi possível gerar o link. Tente novamente.')}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="button" onClick={() => create.mutate(clientId)} disabled={create.isPending}>
          {create.isPending ? <Spinner label="Gerando" /> : <KeyRoundIcon aria-hidden />}
          Gerar link de acesso
        </Button>
      </div>
    </div>
  )
}

/** "Copiar link de acesso" as a dialog (the client's page): a new link each time it opens. */
export function ClientAccessLinkDialog({
  clientId,
  clientName,
  open,
  onOpenChange,
}: {
  clientId: string
  clientName: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link de acesso de {clientName}</DialogTitle>
          <DialogDescription>Para o comprador entrar quando o e-mail não chega.</DialogDescription>
        </DialogHeader>
        {open && <ClientAccessLinkFlow clientId={clientId} clientName={clientName} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}
