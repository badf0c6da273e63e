import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useSaveSale, type SaleItem } from '../api/sales'
import { originChoices, saleStatusChoices } from '@/lib/commerce-labels'
import { saleAmountFields, saleFormDefaults, saleFormSchema, salePayload, type SaleFormValues } from '../schemas/sale-form'
import { FormDialog, FormDialogFooter, toastInvalidForm } from '@/components/data'
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={sale ? 'Editar Venda' : 'Nova Venda'}
      description="Valores em reais, com duas casas decimais. Campos em branco ficam vazios."
      wide
    >
      <SaleForm key={sale?.id ?? 'new'} sale={sale} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function SaleForm({ sale, onDone }: { sale: SaleItem | null; onDone: () => void }) {
  const editing = sale !== null
  const form = useForm<SaleFormValues>({ resolver: zodResolver(saleFormSchema), defaultValues: saleFormDefaults(sale) })
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })
  const save = useSaveSale()

  const stored = sale && sale.tenantId === tenantId ? sale : null
  const knownClient = stored?.clientId ? { value: stored.clientId, label: stored.clientName ?? 'Cliente não encontrado' } : null

  const submit = form.handleSubmit(
    (values) =>
      save.mutate(
        { id: sale?.id, body: salePayload(values) },
        {
          onSuccess: () => {
            toast({ title: editing ? 'Venda atualizada' : 'Venda criada' })
            onDone()
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Erro ao criar/atualizar venda',
              description: applyServerErrors(form, error, 'Não foi possível salvar a venda.'),
            }),
        },
      ),
    toastInvalidForm,
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
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
        <FormDialogFooter editing={editing} pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
