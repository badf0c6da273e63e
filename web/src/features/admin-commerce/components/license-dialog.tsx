import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { useSaveLicense, type LicenseItem } from '../api/licenses'
import { licenseStatusChoices } from '@/lib/commerce-labels'
import { licenseFormDefaults, licenseFormSchema, licensePayload, type LicenseFormValues } from '../schemas/license-form'
import { FormDialog, FormDialogFooter } from '@/components/data'
import { SelectField, TextField } from '@/components/data'
import { ClientPickerField, RobotPickerField, SalePickerField, TenantField } from './tenant-pickers'

interface LicenseDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The license to edit; null creates one. */
  license: LicenseItem | null
}

/** The fields the server checks against the chosen tenant; their refusals are validation errors, not failures. */
const TENANT_SCOPED_FIELDS = ['clientId', 'robotId', 'saleId'] as const

/** Creates or edits a license (client × robot). Client, robot and sale are offered from the chosen tenant only. */
export function LicenseDialog({ open, onOpenChange, license }: LicenseDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={license ? 'Editar Licença' : 'Nova Licença'}
      description="Vincule um cliente a um robô do mesmo tenant."
      wide
    >
      <LicenseForm key={license?.id ?? 'new'} license={license} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function LicenseForm({ license, onDone }: { license: LicenseItem | null; onDone: () => void }) {
  const editing = license !== null
  const form = useForm<LicenseFormValues>({ resolver: zodResolver(licenseFormSchema), defaultValues: licenseFormDefaults(license) })
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })
  const save = useSaveLicense()

  // Another tenant: the client, robot and sale chosen for the previous one no longer belong.
  const tenantChosen = () => {
    for (const field of TENANT_SCOPED_FIELDS) form.setValue(field, '', { shouldDirty: true })
    form.clearErrors([...TENANT_SCOPED_FIELDS])
  }

  // The stored choices, shown by name until (and after) the tenant's lists contain them; only for the stored tenant.
  const stored = license && license.tenantId === tenantId ? license : null
  const knownClient = stored?.clientId ? { value: stored.clientId, label: stored.clientName ?? 'Cliente não encontrado' } : null
  const knownRobot = stored?.robotId ? { value: stored.robotId, label: stored.robotName ?? 'Robô não encontrado' } : null
  const knownSale = stored?.saleId ? { value: stored.saleId, label: stored.saleId.slice(0, 8) } : null

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: license?.id, body: licensePayload(values) },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Licença atualizada' : 'Licença criada' })
          onDone()
        },
        onError: (error) => {
          const description = applyServerErrors(form, error, 'Não foi possível salvar a licença.')
          const scoped =
            error instanceof ApiError ? TENANT_SCOPED_FIELDS.map((field) => error.fields[field]).filter((message) => message !== undefined) : []
          if (scoped.length > 0) {
            toast({ variant: 'destructive', title: 'Erro de validação', description: scoped.join(' ') })
          } else {
            toast({ variant: 'destructive', title: 'Erro ao criar/atualizar licença', description })
          }
        },
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TenantField control={form.control} name="tenantId" required onChosen={tenantChosen} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ClientPickerField key={`client-${tenantId}`} control={form.control} name="clientId" tenantId={tenantId} known={knownClient} required />
          <RobotPickerField control={form.control} name="robotId" tenantId={tenantId} known={knownRobot} required />
        </div>
        <SalePickerField
          key={`sale-${tenantId}`}
          control={form.control}
          name="saleId"
          label="Venda (opcional)"
          tenantId={tenantId}
          known={knownSale}
          noneLabel="Nenhuma venda"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="activationDate" label="Data de ativação" type="date" />
          <TextField
            control={form.control}
            name="expirationDate"
            label="Data de expiração"
            type="date"
            description="Em branco: a licença não expira."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={form.control} name="status" label="Status" options={licenseStatusChoices} required />
          <TextField
            control={form.control}
            name="accountNumber"
            label="Conta MT"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Número da conta MetaTrader"
          />
        </div>
        <FormDialogFooter editing={editing} pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
