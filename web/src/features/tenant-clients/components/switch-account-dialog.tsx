import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { FormDialog, FormDialogFooter, SelectField, TextField } from '@/components/data'
import { useSwitchLicenseAccount, type OwnerLicenseItem } from '../api/licenses'
import { MISSING_ROBOT } from '../labels'
import { switchAccountSchema, type SwitchAccountValues } from '../schemas/switch-account-form'
import { ReadOnlyField } from './read-only-field'

interface SwitchAccountDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The licenses to choose from: one is used as is, several are offered in a select. */
  licenses: OwnerLicenseItem[]
}

/** Binds a license to another MetaTrader account (the old account's robot stops at its next check). */
export function SwitchAccountDialog({ open, onOpenChange, licenses }: SwitchAccountDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Trocar Conta" description="Vincule a licença a outra conta MetaTrader.">
      {/* Keyed by the choices: reopening for other licenses starts afresh. */}
      <SwitchAccountForm key={licenses.map((license) => license.id).join()} licenses={licenses} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function licenseLabel(license: OwnerLicenseItem): string {
  return `${license.robotName ?? MISSING_ROBOT} — ${license.accountNumber ? `conta ${license.accountNumber}` : 'sem conta'}`
}

function SwitchAccountForm({ licenses, onDone }: { licenses: OwnerLicenseItem[]; onDone: () => void }) {
  const single = licenses.length === 1 ? licenses[0]! : null
  const form = useForm<SwitchAccountValues>({
    resolver: zodResolver(switchAccountSchema),
    defaultValues: { licenseId: single?.id ?? '', accountNumber: '' },
  })
  const licenseId = useWatch({ control: form.control, name: 'licenseId' })
  const chosen = licenses.find((license) => license.id === licenseId)
  const switchAccount = useSwitchLicenseAccount()
  const submit = form.handleSubmit((values) =>
    switchAccount.mutate(
      { id: values.licenseId, accountNumber: values.accountNumber },
      {
        onSuccess: () => {
          toast({ title: 'Conta atualizada', description: 'Conta MetaTrader vinculada com sucesso' })
          onDone()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao trocar conta', description: applyServerErrors(form, error, 'Não foi possível trocar a conta.') }),
      },
    ),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {single ? (
          <ReadOnlyField id="switch-license" label="Licença" value={licenseLabel(single)} />
        ) : (
          <SelectField
            control={form.control}
            name="licenseId"
            label="Licença"
            required
            options={licenses.map((license) => ({ value: license.id, label: licenseLabel(license) }))}
            placeholder="Selecione uma licença"
          />
        )}
        <TextField
          control={form.control}
          name="accountNumber"
          label="Número da Conta"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Ex.: 12345678"
          required
          description={chosen?.accountNumber ? `Conta atual: ${chosen.accountNumber}` : 'Somente números.'}
        />
        <FormDialogFooter editing pending={switchAccount.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
