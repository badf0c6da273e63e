import { useQuery } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { formatDate } from '@/lib/format'
import { FormDialog, FormDialogFooter, SelectField, TextField } from '@/components/data'
import { useCreateLicense, useUpdateLicense, type OwnerLicenseItem } from '../api/licenses'
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={license ? 'Editar Licença' : 'Nova Licença'}
      description={license ? 'Altere o cliente, o status, a conta MetaTrader ou a data de expiração da licença.' : 'Libere um robô para um cliente, por tempo indeterminado ou como teste.'}
      wide
    >
      <LicenseForm key={license?.id ?? 'new'} license={license} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function LicenseForm({ license, onDone }: { license: OwnerLicenseItem | null; onDone: () => void }) {
  const editing = license !== null
  const form = useForm<LicenseFormValues>({
    resolver: zodResolver(licenseFormSchema(editing ? 'edit' : 'create')),
    defaultValues: licenseFormDefaults(license),
  })
  const create = useCreateLicense()
  const update = useUpdateLicense()
  const pending = create.isPending || update.isPending

  const callbacks = {
    onSuccess: () => {
      toast({ title: editing ? 'Licença atualizada' : 'Licença criada' })
      onDone()
    },
    onError: (error: unknown) =>
      toast({
        variant: 'destructive',
        title: editing ? 'Erro ao atualizar licença' : 'Erro ao criar licença',
        description: applyServerErrors(form, error, 'Não foi possível salvar a licença.'),
      }),
  }
  const submit = form.handleSubmit((values) =>
    license
      ? update.mutate({ id: license.id, body: licenseUpdatePayload(values, { endChanged: form.getFieldState('expirationDate').isDirty }) }, callbacks)
      : create.mutate(licenseCreatePayload(values), callbacks),
  )
  const [status, robotId, expirationDate] = useWatch({ control: form.control, name: ['status', 'robotId', 'expirationDate'] })
  const robots = useQuery(robotOptionsQuery())
  const trialDays = robots.data?.items.find((robot) => robot.id === (license?.robotId ?? robotId))?.trialDays

  // The stored client, named before (or without) the picker's first page holding it.
  const knownClient = license?.clientId ? { value: license.clientId, label: clientLabel(license) } : null

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
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
        <FormDialogFooter editing={editing} pending={pending} onCancel={onDone} />
      </form>
    </Form>
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
