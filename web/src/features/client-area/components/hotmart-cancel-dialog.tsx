import { ExternalLinkIcon } from 'lucide-react'
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
import { HotmartCancelSteps } from './hotmart-cancel-steps'

/**
 * For a subscription only Hotmart can stop (the seller has not connected the Hotmart API): says honestly that the
 * billing is cancelled at Hotmart, how, and offers to let the seller know. It never says the billing stopped.
 */
export function HotmartCancelDialog({
  open,
  onOpenChange,
  pending,
  onNotifySeller,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  pending: boolean
  onNotifySeller: () => void
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancelar na Hotmart</AlertDialogTitle>
          <AlertDialogDescription>
            Esta assinatura é cobrada pela Hotmart. Para cancelar a cobrança, acesse sua conta na Hotmart; até lá, a assinatura
            continua ativa.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <HotmartCancelSteps />
        <p className="text-sm text-muted-foreground">Se quiser, avisamos o vendedor do seu pedido de cancelamento.</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Voltar</AlertDialogCancel>
          <Button variant="outline" asChild>
            <a href="https://consumer.hotmart.com" target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden />
              Abrir a Hotmart
            </a>
          </Button>
          <Button onClick={onNotifySeller} disabled={pending}>
            {pending && <Spinner label="Avisando" />}
            Avisar o vendedor
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
