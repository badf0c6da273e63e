import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'
import { CopyableValue } from '@/components/data/copyable-value'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'

/** What became of an invitation, as the server answered it. */
export interface InvitationSent {
  email: string
  /** Why the e-mail will not arrive (pt-BR), when it will not. */
  emailNotSent?: string | null
  /** The single-use link (7 days), to hand over another way. */
  inviteLink?: string | null
}

/**
 * An invitation told as it is: "Convite enviado para …" only when the e-mail is on its way, otherwise "Convite não
 * enviado" with the server's reason; and, either way, the link itself to copy whole and send another way (WhatsApp, in person): an
 * e-mail cannot be assumed to arrive.
 */
export function InvitationOutcome({ sent }: { sent: InvitationSent }) {
  const delivered = !sent.emailNotSent
  const Icon = delivered ? CircleCheckIcon : CircleAlertIcon
  return (
    <div className="grid min-w-0 gap-3" data-testid="invitation-outcome">
      <Alert variant={delivered ? 'success' : 'warning'} role="status">
        <Icon aria-hidden />
        <AlertTitle className="break-words">{delivered ? `Convite enviado para ${sent.email}` : 'Convite não enviado'}</AlertTitle>
        <AlertDescription className="break-words">
          {/* The server's reason, word for word (it names the cause: no sender, a limit, a suspension). */}
          {!delivered && <p data-testid="invitation-not-sent-reason">{sent.emailNotSent}</p>}
          <p>
            {delivered
              ? 'Se o e-mail não chegar em alguns minutos, envie o link abaixo por outro meio.'
              : `O acesso de ${sent.email} já existe: envie o link abaixo por WhatsApp ou outro meio.`}
          </p>
        </AlertDescription>
      </Alert>
      {sent.inviteLink && (
        <CopyableValue
          label="Link do convite"
          value={sent.inviteLink}
          copyLabel="Copiar link do convite"
          success="Link do convite copiado."
          showCopyLabel
          mono
          description="Funciona uma única vez, por 7 dias. Quem abrir cria a senha e já entra no portal, sem chave de segurança."
        />
      )}
    </div>
  )
}
