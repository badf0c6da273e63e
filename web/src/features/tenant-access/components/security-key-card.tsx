import * as React from 'react'
import { KeyRoundIcon, LogInIcon } from 'lucide-react'
import { ConfirmDialog, CopyButton } from '@/components/data'
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { useRotateSecurityKey, useSignInAgain, type RotatedKey } from '../api/team'

export const ROTATION_WARNING =
  'A chave atual deixa de funcionar na hora: todas as pessoas da equipe, inclusive você, saem do portal e precisam entrar novamente com a nova chave.'

/**
 * "Chave de segurança": every owner signs in with it. A new one (after a leak, or when someone left) ends every owner
 * session, this one too, so it asks first; the new key is shown once, to copy, before the owner signs in again.
 */
export function SecurityKeyCard() {
  const rotate = useRotateSecurityKey()
  const [confirming, setConfirming] = React.useState(false)
  const [rotated, setRotated] = React.useState<RotatedKey | null>(null)

  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (key) => {
        setConfirming(false)
        setRotated(key)
      },
      onError: (error) => {
        setConfirming(false)
        toast({ variant: 'destructive', title: 'Erro ao gerar nova chave', description: errorMessage(error, 'A chave atual continua valendo. Tente novamente.') })
      },
    })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <KeyRoundIcon className="size-5" aria-hidden />
            Chave de segurança
          </h2>
        </CardTitle>
        <CardDescription>
          Quem entrou por convite, ou já usou a chave neste navegador, entra só com e-mail e senha: a chave é pedida uma vez por
          navegador. Gere uma nova se a atual vazou ou se alguém deixou a equipe.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Gerar nova chave
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !rotate.isPending && setConfirming(open)}
        title="Gerar nova chave de segurança?"
        description={`${ROTATION_WARNING} A nova chave aparece uma única vez: tenha onde guardá-la.`}
        confirmLabel="Gerar nova chave"
        pending={rotate.isPending}
        onConfirm={confirm}
      />
      {rotated && <NewKeyDialog rotated={rotated} />}
    </Card>
  )
}

/** The new key, once, with a copy button; the session is already over, so the only way on is the login. */
function NewKeyDialog({ rotated }: { rotated: RotatedKey }) {
  const signInAgain = useSignInAgain()
  return (
    // No way to close it but "Entrar novamente": behind it is a portal whose session has ended.
    <AlertDialog open>
      <AlertDialogContent onEscapeKeyDown={(event) => event.preventDefault()}>
        <AlertDialogHeader>
          <AlertDialogTitle>Nova chave de segurança</AlertDialogTitle>
          <AlertDialogDescription>
            Copie e guarde a chave agora: ela não será mostrada de novo. Sua sessão terminou; entre novamente com ela e passe-a às
            demais pessoas da equipe por um canal seguro.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="flex items-start gap-2">
          <code data-testid="new-security-key" className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all">
            {rotated.securityKey}
          </code>
          <CopyButton value={rotated.securityKey} label="Copiar chave de segurança" success="Chave de segurança copiada para a área de transferência." />
        </div>
        <AlertDialogFooter>
          <Button onClick={signInAgain}>
            <LogInIcon aria-hidden />
            Entrar novamente
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
