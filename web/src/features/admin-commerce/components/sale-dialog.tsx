import { useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSaveSale, type SaleItem } from '../api/sales'
import { originChoices, saleStatusChoices } from '@/lib/commerce-labels'
import { saleAmountFields, saleFormDefaults, saleFormSchema, salePayload, type SaleFormValues } from '../schemas/sale-form'
import { EntityFormDialog, toastInvalidForm } from '@/components/data'
import { MoneyField, SelectField, TextField } from '@/components/data'
import { ClientPickerField, TenantField } from './tenant-pickers'

interface SaleDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The sale to edit; null records a new (manual) one. */
  sale: SaleItem | null
}

/** Creates or edits a sale with every field of the record. Tenant, origin and status are required. */
export function SaleDialog({ open, onOpenChange, sale }: SaleDialogProps) {
  const save = useSaveSale()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={sale}
      title={{ create: 'Nova Venda', edit: 'Editar Venda' }}
      description="Valores em reais, com duas casas decimais. Campos em branco ficam vazios."
      wide
      resolver={zodResolver(saleFormSchema)}
      defaultValues={saleFormDefaults(sale)}
      mutation={save}
      variables={(values) => ({ id: sale?.id, body: salePayload(values) })}
      texts={{
        created: 'Venda criada',
        updated: 'Venda atualizada',
        failed: 'Erro ao criar/atualizar venda',
        fallback: 'Não foi possível salvar a venda.',
      }}
      onInvalid={toastInvalidForm}
    >
      {(form) => <SaleFields form={form} sale={sale} />}
    </EntityFormDialog>
  )
}

function SaleFields({ form, sale }: { form: UseFormReturn<SaleFormValues>; sale: SaleItem | null }) {
  const editing = sale !== null
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })

  const stored = sale && sale.tenantId === tenantId ? sale : null
  const knownClient = stored?.clientId ? { value: stored.clientId, label: stored.clientName ?? 'Cliente não encontrado' } : null

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TenantField
          control={form.control}
          name="tenantId"
          required
          onChosen={() => form.setValue('clientId', '', { shouldDirty: true })}
        />
        <TextField control={form.control} name="externalId" label="ID Externo" autoComplete="off" placeholder="Código da transação" />
      </div>
      <ClientPickerField
        key={`client-${tenantId}`}
        control={form.control}
        name="clientId"
        label="Cliente (opcional)"
        tenantId={tenantId}
        known={knownClient}
        noneLabel="Nenhum cliente"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="origin" label="Origem" options={originChoices} required />
        <SelectField control={form.control} name="status" label="Status" options={saleStatusChoices} required />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Valores</legend>
        {saleAmountFields.map((field) => (
          <MoneyField key={field.name} control={form.control} name={field.name} label={field.label} />
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="originalCurrency" label="Moeda original" maxLength={3} autoComplete="off" placeholder="BRL" />
        <TextField
          control={form.control}
          name="exchangeRate"
          label="Taxa de câmbio"
          type="number"
          inputMode="decimal"
          step="0.000001"
          min="0"
          placeholder="1,000000"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="saleDate"
          label="Data da venda"
          type="datetime-local"
          description={editing ? undefined : 'Em branco: agora.'}
        />
        <TextField control={form.control} name="cancellationDate" label="Data de cancelamento" type="datetime-local" />
      </div>
    </>
  )
}
