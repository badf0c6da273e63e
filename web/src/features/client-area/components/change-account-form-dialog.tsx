import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { FormDialog } from '@/components/data'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { useChangeLicenseAccount, type ClientLicenseItem } from '../api/licenses'
import { limitText } from '../account-change-limit'
import { accountNumberFormSchema, digitsOnly, type AccountNumberValues } from '../schemas/account-number'

/**
 * What the client can know of the seller's account-change limit before saving. GET /api/client/licenses does not
 * give the limit (changes per period, the period, the cooldown) nor how many changes are left, so the note says what
 * the server does: the first binding is free (it checks the limit only when the license already has an account), and
 * a refused change answers 429 with the limit or the date of the next allowed change, which the form shows above the
 * field ("Limite de trocas de conta atingido: 3 troca(s) a cada 30 dias…", "Uma nova troca estará disponível em…").
 */
export function accountChangeNote(license: Pick<ClientLicenseItem, 'accountNumber' | 'accountChangeLimit'>): string {
  const limit = license.accountChangeLimit
  if (!license.accountNumber) {
    return limit
      ? `A primeira vinculação é livre; depois, ${limitText(limit)}.`
      : 'A primeira vinculação é livre: só as trocas seguintes contam no limite do vendedor.'
  }
  if (limit) return `Conta atual: ${license.accountNumber}. Limite do vendedor: ${limitText(limit)}.`
  return `Conta atual: ${license.accountNumber}. O vendedor limita quantas trocas você pode fazer por período e o intervalo entre elas; se a troca for recusada, aparece aqui o limite ou quando poderá trocar de novo.`
}

export interface ChangeAccountDialogProps {
  license: ClientLicenseItem
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * "Trocar Conta": binds the license to the MetaTrader account the robot will run on ("Confirmar Conta MT5" while
 * the robot waits for the account to be confirmed here). Loaded by `ChangeAccountDialog` when first opened.
 */
export function ChangeAccountFormDialog({ license, open, onOpenChange }: ChangeAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={license.needsAccountConfirmation ? 'Confirmar Conta MT5' : 'Trocar Conta'}
      description={`Informe a conta MetaTrader em que ${license.robotName ?? 'o robô'} vai operar.`}
    >
      {/* Mounted while open only: each opening starts from an empty field and no earlier refusal. */}
      {open && <ChangeAccountForm license={license} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function ChangeAccountForm({ license, onDone }: { license: ClientLicenseItem; onDone: () => void }) {
  const form = useForm<AccountNumberValues>({ resolver: zodResolver(accountNumberFormSchema), defaultValues: { accountNumber: '' } })
  const change = useChangeLicenseAccount()
  // A refusal that names no field (change limit, cooldown, license no longer usable) stays in the dialog to read.
  const [refusal, setRefusal] = useState<string | null>(null)
  const submit = form.handleSubmit(({ accountNumber }) => {
    setRefusal(null)
    change.mutate(
      { id: license.id, accountNumber },
      {
        onSuccess: () => {
          toast({ title: 'Conta atualizada', description: 'Conta MetaTrader vinculada com sucesso' })
          onDone()
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, 'Não foi possível atualizar a conta. Tente novamente.')
          // A field error shows under the input; anything else above it.
          if (!(error instanceof ApiError && error.fields.accountNumber)) setRefusal(message)
          toast({ variant: 'destructive', title: 'Erro ao atualizar conta', description: message })
        },
      },
    )
  })
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {refusal && <FormOutcomeAlert outcome={{ ok: false, message: refusal }} />}
        <FormField
          control={form.control}
          name="accountNumber"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Número da Conta</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  onChange={(event) => field.onChange(digitsOnly(event.target.value))}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="Ex.: 12345678"
                  aria-required
                />
              </FormControl>
              <FormDescription>
                Somente números. {accountChangeNote(license)}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={change.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <Spinner label="Salvando" />}
            Salvar
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
