import { useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSaveSubscription, type SubscriptionItem } from '../api/subscriptions'
import { originChoices, recurrenceChoices, subscriptionStatusChoices } from '@/lib/commerce-labels'
import {
  subscriptionFormDefaults,
  subscriptionFormSchema,
  subscriptionPayload,
  type SubscriptionFormValues,
} from '../schemas/subscription-form'
import { EntityFormDialog, toastInvalidForm } from '@/components/data'
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
  const save = useSaveSubscription()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={subscription}
      title={{ create: 'Nova Assinatura', edit: 'Editar Assinatura' }}
      description="Cliente e venda são do tenant escolhido. Campos em branco ficam vazios."
      wide
      resolver={zodResolver(subscriptionFormSchema)}
      defaultValues={subscriptionFormDefaults(subscription)}
      mutation={save}
      variables={(values) => ({ id: subscription?.id, body: subscriptionPayload(values) })}
      texts={{
        created: 'Assinatura criada',
        updated: 'Assinatura atualizada',
        failed: 'Erro ao criar/atualizar assinatura',
        fallback: 'Não foi possível salvar a assinatura.',
      }}
      onInvalid={toastInvalidForm}
    >
      {(form) => <SubscriptionFields form={form} subscription={subscription} />}
    </EntityFormDialog>
  )
}

function SubscriptionFields({ form, subscription }: { form: UseFormReturn<SubscriptionFormValues>; subscription: SubscriptionItem | null }) {
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })

  const stored = subscription && subscription.tenantId === tenantId ? subscription : null
  const knownClient = stored?.clientId ? { value: stored.clientId, label: stored.clientName ?? 'Cliente não encontrado' } : null
  const knownSale = stored?.saleId ? { value: stored.saleId, label: stored.saleId.slice(0, 8) } : null

  const tenantChosen = () => {
    form.setValue('clientId', '', { shouldDirty: true })
    form.setValue('saleId', '', { shouldDirty: true })
  }

  return (
    <>
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
    </>
  )
}
