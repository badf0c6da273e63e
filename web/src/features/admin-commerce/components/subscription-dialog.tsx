import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useSaveSubscription, type SubscriptionItem } from '../api/subscriptions'
import { originChoices, recurrenceChoices, subscriptionStatusChoices } from '@/lib/commerce-labels'
import {
  subscriptionFormDefaults,
  subscriptionFormSchema,
  subscriptionPayload,
  type SubscriptionFormValues,
} from '../schemas/subscription-form'
import { FormDialog, FormDialogFooter, toastInvalidForm } from '@/components/data'
import { MoneyField, SelectField, TextField } from '@/components/data'
import { ClientPickerField, SalePickerField, TenantField } from './tenant-pickers'

interface SubscriptionDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The subscription to edit; null creates one. */
  subscription: SubscriptionItem | null
}

/** Creates or edits a subscription. Tenant, origin, amount, recurrence and status are required. */
export function SubscriptionDialog({ open, onOpenChange, subscription }: SubscriptionDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={subscription ? 'Editar Assinatura' : 'Nova Assinatura'}
      description="Cliente e venda são do tenant escolhido. Campos em branco ficam vazios."
      wide
    >
      <SubscriptionForm key={subscription?.id ?? 'new'} subscription={subscription} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function SubscriptionForm({ subscription, onDone }: { subscription: SubscriptionItem | null; onDone: () => void }) {
  const editing = subscription !== null
  const form = useForm<SubscriptionFormValues>({
    resolver: zodResolver(subscriptionFormSchema),
    defaultValues: subscriptionFormDefaults(subscription),
  })
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })
  const save = useSaveSubscription()

  const stored = subscription && subscription.tenantId === tenantId ? subscription : null
  const knownClient = stored?.clientId ? { value: stored.clientId, label: stored.clientName ?? 'Cliente não encontrado' } : null
  const knownSale = stored?.saleId ? { value: stored.saleId, label: stored.saleId.slice(0, 8) } : null

  const tenantChosen = () => {
    form.setValue('clientId', '', { shouldDirty: true })
    form.setValue('saleId', '', { shouldDirty: true })
  }

  const submit = form.handleSubmit(
    (values) =>
      save.mutate(
        { id: subscription?.id, body: subscriptionPayload(values) },
        {
          onSuccess: () => {
            toast({ title: editing ? 'Assinatura atualizada' : 'Assinatura criada' })
            onDone()
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Erro ao criar/atualizar assinatura',
              description: applyServerErrors(form, error, 'Não foi possível salvar a assinatura.'),
            }),
        },
      ),
    toastInvalidForm,
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TenantField control={form.control} name="tenantId" required onChosen={tenantChosen} />
          <TextField control={form.control} name="externalId" label="ID Externo" autoComplete="off" placeholder="Código da assinatura" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ClientPickerField
            key={`client-${tenantId}`}
            control={form.control}
            name="clientId"
            label="Cliente (opcional)"
            tenantId={tenantId}
            known={knownClient}
            noneLabel="Nenhum cliente"
          />
          <SalePickerField
            key={`sale-${tenantId}`}
            control={form.control}
            name="saleId"
            label="Venda (opcional)"
            tenantId={tenantId}
            known={knownSale}
            noneLabel="Nenhuma venda"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={form.control} name="origin" label="Origem" options={originChoices} required />
          <MoneyField control={form.control} name="amount" label="Valor" required />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={form.control} name="recurrence" label="Recorrência" options={recurrenceChoices} required />
          <SelectField control={form.control} name="status" label="Status" options={subscriptionStatusChoices} required />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField control={form.control} name="lastPaymentDate" label="Último pagamento" type="date" />
          <TextField control={form.control} name="nextBillingDate" label="Próxima cobrança" type="date" />
          <TextField control={form.control} name="cancellationDate" label="Data de cancelamento" type="date" />
        </div>
        <div className="sm:max-w-xs">
          <TextField control={form.control} name="lastChargeAttempt" label="Última tentativa de cobrança" type="datetime-local" />
        </div>
        <FormDialogFooter editing={editing} pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
