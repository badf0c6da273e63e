import { useQuery } from '@tanstack/react-query'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { formatDate } from '@/lib/format'
import { EntityFormDialog, SelectField, TextField } from '@/components/data'
import { useSaveLicense, type OwnerLicenseItem } from '../api/licenses'
import { robotOptionsQuery } from '@/lib/api/owner-options'
import { licenseStatusChoices, MISSING_CLIENT, MISSING_ROBOT } from '../labels'
import {
  licenseCreatePayload,
  licenseFormDefaults,
  licenseFormSchema,
  licenseUpdatePayload,
  newLicenseStatuses,
  type LicenseFormValues,
} from '../schemas/license-form'
import { ClientPickerField, RobotPickerField } from '@/components/commerce/owner-pickers'
import { ReadOnlyField } from './read-only-field'

interface LicenseDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The license to edit; null creates one. */
  license: OwnerLicenseItem | null
}

/**
 * Creates a license (client × robot, active or trial, optionally bound to an account and with an end day) or edits
 * one: client, status, account and end day. The robot and the activation are shown but fixed.
 */
export function LicenseDialog({ open, onOpenChange, license }: LicenseDialogProps) {
  const save = useSaveLicense()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={license}
      title={{ create: 'Nova Licença', edit: 'Editar Licença' }}
      description={license ? 'Altere o cliente, o status, a conta MetaTrader ou a data de expiração da licença.' : 'Libere um robô para um cliente, por tempo indeterminado ou como teste.'}
      wide
      resolver={zodResolver(licenseFormSchema(license ? 'edit' : 'create'))}
      defaultValues={licenseFormDefaults(license)}
      mutation={save}
      variables={(values, form) =>
        license
          ? { id: license.id, body: licenseUpdatePayload(values, { endChanged: form.getFieldState('expirationDate').isDirty }) }
          : { body: licenseCreatePayload(values) }
      }
      texts={{
        created: 'Licença criada',
        updated: 'Licença atualizada',
        failed: { create: 'Erro ao criar licença', edit: 'Erro ao atualizar licença' },
        fallback: 'Não foi possível salvar a licença.',
      }}
    >
      {(form) => <LicenseFields form={form} license={license} />}
    </EntityFormDialog>
  )
}

function LicenseFields({ form, license }: { form: UseFormReturn<LicenseFormValues>; license: OwnerLicenseItem | null }) {
  const [status, robotId, expirationDate] = useWatch({ control: form.control, name: ['status', 'robotId', 'expirationDate'] })
  const robots = useQuery(robotOptionsQuery())
  const trialDays = robots.data?.items.find((robot) => robot.id === (license?.robotId ?? robotId))?.trialDays

  // The stored client, named before (or without) the picker's first page holding it.
  const knownClient = license?.clientId ? { value: license.clientId, label: clientLabel(license) } : null

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientPickerField control={form.control} name="clientId" known={knownClient} required />
        {license ? (
          <ReadOnlyField id="license-robot" label="Robô" value={license.robotName ?? MISSING_ROBOT} description="O robô de uma licença não pode ser alterado." />
        ) : (
          <RobotPickerField control={form.control} name="robotId" required />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="status"
          label="Status"
          options={license ? licenseStatusChoices : licenseStatusChoices.filter((choice) => (newLicenseStatuses as readonly string[]).includes(choice.value))}
          required
        />
        <TextField
          control={form.control}
          name="accountNumber"
          label="Conta MT"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Número da conta MetaTrader (opcional)"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {license && <ReadOnlyField id="license-activation" label="Data de ativação" value={formatDate(license.activationDate)} />}
        <TextField
          control={form.control}
          name="expirationDate"
          label="Expira em"
          type="date"
          description={endHint(status, expirationDate, trialDays)}
        />
      </div>
    </>
  )
}

/** What an empty (or filled) end day means, under the field. */
function endHint(status: string, expirationDate: string, trialDays: number | undefined): string {
  if (expirationDate) return 'A licença vale até o fim deste dia (horário de Brasília); o robô para de validar depois.'
  if (status === 'trial') return trialDays ? `Em branco: o teste termina em ${trialDays} dias (prazo de teste do robô).` : 'Em branco: o teste dura o prazo de teste do robô.'
  return 'Em branco: a licença não expira.'
}

function clientLabel(license: OwnerLicenseItem): string {
  if (!license.clientName) return MISSING_CLIENT
  return license.clientEmail ? `${license.clientName} (${license.clientEmail})` : license.clientName
}
