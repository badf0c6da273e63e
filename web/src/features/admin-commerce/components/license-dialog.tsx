import { useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError } from '@/lib/api/client'
import { useSaveLicense, type LicenseItem } from '../api/licenses'
import { licenseStatusChoices } from '@/lib/commerce-labels'
import { licenseFormDefaults, licenseFormSchema, licensePayload, type LicenseFormValues } from '../schemas/license-form'
import { EntityFormDialog } from '@/components/data'
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

/** The refusals of the tenant-scoped fields, as one validation toast (none: the usual failure toast). */
function scopedErrorToast(error: unknown) {
  const scoped = error instanceof ApiError ? TENANT_SCOPED_FIELDS.map((field) => error.fields[field]).filter((message) => message !== undefined) : []
  return scoped.length > 0 ? { title: 'Erro de validação', description: scoped.join(' ') } : undefined
}

/** Creates or edits a license (client × robot). Client, robot and sale are offered from the chosen tenant only. */
export function LicenseDialog({ open, onOpenChange, license }: LicenseDialogProps) {
  const save = useSaveLicense()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={license}
      title={{ create: 'Nova Licença', edit: 'Editar Licença' }}
      description="Vincule um cliente a um robô do mesmo tenant."
      wide
      resolver={zodResolver(licenseFormSchema)}
      defaultValues={licenseFormDefaults(license)}
      mutation={save}
      variables={(values) => ({ id: license?.id, body: licensePayload(values) })}
      texts={{
        created: 'Licença criada',
        updated: 'Licença atualizada',
        failed: 'Erro ao criar/atualizar licença',
        fallback: 'Não foi possível salvar a licença.',
      }}
      errorToast={scopedErrorToast}
    >
      {(form) => <LicenseFields form={form} license={license} />}
    </EntityFormDialog>
  )
}

function LicenseFields({ form, license }: { form: UseFormReturn<LicenseFormValues>; license: LicenseItem | null }) {
  const tenantId = useWatch({ control: form.control, name: 'tenantId' })

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

  return (
    <>
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
    </>
  )
}
