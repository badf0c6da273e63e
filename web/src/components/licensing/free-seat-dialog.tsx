import { UnlinkIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
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
import { errorMessage } from '@/lib/api/client'
import { seatAccount, type SeatAccount } from './seats'

/**
 * "Liberar vaga": unbinding one account from a license, behind a confirmation that says what follows
 * (`consequence`: the robot on that account stops; for a buyer, the seller's limit on changes). The dialog stays open
 * while the server answers, and shows its refusal (a limit or cooldown, in the server's own words) in place.
 */
export function FreeSeatDialog({
  seat,
  open,
  onOpenChange,
  consequence,
  pending,
  error,
  onConfirm,
}: {
  seat: SeatAccount | null
  open: boolean
  onOpenChange: (open: boolean) => void
  consequence: string
  pending: boolean
  error: unknown
  onConfirm: () => void
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Liberar a conta {seat ? seatAccount(seat) : ''}?</AlertDialogTitle>
          <AlertDialogDescription>{consequence}</AlertDialogDescription>
        </AlertDialogHeader>
        {error != null && (
          <Alert variant="destructive">
            <AlertTitle>Não foi possível liberar a vaga</AlertTitle>
            <AlertDescription>{errorMessage(error, 'Tente novamente.')}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{error != null ? 'Fechar' : 'Cancelar'}</AlertDialogCancel>
          {/* A plain button: the dialog stays open (progress, or the refusal) until the server answers. */}
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner label="Liberando" /> : <UnlinkIcon aria-hidden />}
            Liberar vaga
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
