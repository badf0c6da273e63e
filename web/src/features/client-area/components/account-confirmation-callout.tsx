import { ShieldAlertIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/**
 * The robot will not run until the client confirms here the MetaTrader 5 account it runs on (the seller binds
 * accounts in the portal). Opens the account dialog.
 */
export function AccountConfirmationCallout({ robotName, onConfirm }: { robotName: string; onConfirm: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-primary/50 bg-primary/10 p-3 sm:flex-row sm:items-center">
      <ShieldAlertIcon className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">Confirme o número da sua conta MT5 para usar este robô</p>
        <p className="text-muted-foreground">O robô só opera depois que você informar a conta MetaTrader 5 em que ele vai rodar.</p>
      </div>
      <Button size="sm" onClick={onConfirm} aria-label={`Confirmar conta MT5 de ${robotName}`}>
        Confirmar conta
      </Button>
    </div>
  )
}
