import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

/** Asks before cancelling a subscription, which cannot be taken back. */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  recurrence,
  pending,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The plan's label ("Mensal"), named in the question. */
  recurrence: string
  pending: boolean
  onConfirm: () => void
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Tem certeza?</AlertDialogTitle>
          <AlertDialogDescription>
            Sua assinatura {recurrence.toLocaleLowerCase('pt-BR')} será cancelada e não haverá novas cobranças. As licenças já pagas continuam válidas
            até o fim do período pago. Esta ação não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Voltar</AlertDialogCancel>
          {/* A plain button: the dialog stays open (showing progress) until the server answers. */}
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending && <Spinner label="Cancelando" />}
            Confirmar Cancelamento
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
