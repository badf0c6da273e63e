import * as React from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { FormDialog, MoneyField, SelectField, TextField } from '@/components/data'
import { paymentMethodChoices } from '@/lib/commerce-labels'
import { RobotPickerField } from '@/components/commerce/owner-pickers'
import { newSubmissionKey, useRecordManualSale, type ManualSaleRecorded } from '../api/manual-sales'
import { ManualSaleOutcome } from './manual-sale-outcome'
import { RobotVersionNotice } from './robot-version-notice'
import { manualSaleFormDefaults, manualSaleFormSchema, manualSalePayload, todayInput, type ManualSaleFormValues } from '../schemas/manual-sale-form'

interface ManualSaleDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * "Registrar venda": a sale paid outside Hotmart (PIX, transferência, outro). The server creates or links the
 * buyer's client and a license and e-mails the access, as a Hotmart sale does; the answer is shown in the dialog.
 */
export function ManualSaleDialog({ open, onOpenChange }: ManualSaleDialogProps) {
  // A new form (and a new submission key) each time the dialog opens.
  const [opening, setOpening] = React.useState(0)
  const change = (next: boolean) => {
    if (next) setOpening((count) => count + 1)
    onOpenChange(next)
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title="Registrar venda"
      description="Uma venda paga fora da Hotmart. O acesso do comprador vai por e-mail, como numa venda da Hotmart; depois de registrar, você vê se o e-mail saiu."
      wide
    >
      <ManualSaleForm key={opening} onDone={() => change(false)} />
    </FormDialog>
  )
}

function ManualSaleForm({ onDone }: { onDone: () => void }) {
  const today = React.useMemo(() => todayInput(), [])
  const form = useForm<ManualSaleFormValues>({ resolver: zodResolver(manualSaleFormSchema(today)), defaultValues: manualSaleFormDefaults(today) })
  // One key for every attempt of this form: a retry after a lost answer is the same sale, not a second one.
  const [key] = React.useState(newSubmissionKey)
  const record = useRecordManualSale()
  const robotId = useWatch({ control: form.control, name: 'robotId' })
  const [recorded, setRecorded] = React.useState<ManualSaleRecorded | null>(null)

  const submit = form.handleSubmit((values) =>
    record.mutate(
      { key, body: manualSalePayload(values) },
      {
        // The answer stays in the dialog: what happened to the e-mail, the robot's missing version, the access link.
        onSuccess: setRecorded,
        // What was typed stays; the server's messages go under their fields.
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao registrar venda', description: applyServerErrors(form, error, 'Não foi possível registrar a venda.') }),
      },
    ),
  )

  if (recorded) return <ManualSaleOutcome recorded={recorded} onDone={onDone} />

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Registrar venda">
        <fieldset className="grid gap-4" disabled={record.isPending}>
          <legend className="sr-only">Comprador</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="buyerName" label="Nome do comprador" autoComplete="off" required />
            <TextField control={form.control} name="buyerEmail" label="E-mail do comprador" type="email" autoComplete="off" required />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="buyerPhone" label="Telefone" type="tel" autoComplete="off" placeholder="Opcional" />
            <RobotPickerField control={form.control} name="robotId" required disabled={record.isPending} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <MoneyField control={form.control} name="amount" label="Valor (R$)" required />
            <SelectField control={form.control} name="paymentMethod" label="Forma de pagamento" options={paymentMethodChoices} required disabled={record.isPending} />
            <TextField control={form.control} name="saleDate" label="Data da venda" type="date" max={today} required />
          </div>
          <RobotVersionNotice robotId={robotId} />
          <p className="text-xs text-muted-foreground">
            Um comprador novo vira cliente e recebe o e-mail de boas-vindas com o ID da compra para entrar na área do cliente; a licença do
            robô é ativada sem data de término (altere em Licenças, se quiser).
          </p>
        </fieldset>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onDone} disabled={record.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending && <Spinner label="Registrando" />}
            Registrar venda
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
