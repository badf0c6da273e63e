import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon, TriangleAlertIcon } from 'lucide-react'
import { SelectField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useSaveRobotLicense, type RobotLicenseSettings } from '../../api/robot-license'
import {
  bindingPolicyChoices,
  latePaymentChoices,
  licenseServerFields,
  licenseSettingsChanges,
  licenseSettingsSchema,
  licenseSettingsValues,
  MAX_GRACE_HOURS,
  type LicenseSettingsValues,
} from '../../schemas/license-settings-form'
import { renameServerFields } from '@/lib/server-fields'

const GRACE_HELP =
  'Por quanto tempo o robô continua operando quando não consegue falar com o servidor de licenças. Uma recusa assinada o para na hora.'

/** The offline grace (in hours) and how a license gets its MT5 account; saved together (`readOnly`: shown, not saved). */
export function LicenseSettingsForm({ robotId, settings, readOnly = false }: { robotId: string; settings: RobotLicenseSettings; readOnly?: boolean }) {
  const form = useForm<LicenseSettingsValues>({ resolver: zodResolver(licenseSettingsSchema), defaultValues: licenseSettingsValues(settings) })
  const policy = useWatch({ control: form.control, name: 'bindingPolicy' })
  const latePayment = useWatch({ control: form.control, name: 'latePayment' })
  const save = useSaveRobotLicense(robotId)

  const submit = form.handleSubmit((values) =>
    save.mutate(licenseSettingsChanges(values), {
      onSuccess: (saved) => {
        form.reset(licenseSettingsValues(saved))
        toast({ title: 'Configurações de licença salvas', description: 'A próxima verificação de cada instalação já usa as novas configurações.' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao salvar configurações de licença',
          description: applyServerErrors(form, renameServerFields(error, licenseServerFields), 'Não foi possível salvar. Tente novamente.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate aria-label="Configurações de licença" className="grid grid-cols-1 gap-4">
        <fieldset disabled={readOnly} className="grid grid-cols-1 gap-4">
          <TextField
            control={form.control}
            name="offlineGraceHours"
            label="Tolerância sem servidor (horas)"
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_GRACE_HOURS}
            step="any"
            className="max-w-40"
            description={`${GRACE_HELP} De 0 a ${MAX_GRACE_HOURS} horas (30 dias).`}
          />
          <SelectField
            control={form.control}
            name="bindingPolicy"
            label="Vínculo da conta MT5"
            options={bindingPolicyChoices}
            description={
              policy === 'first_use' ? (
                <span className="flex gap-1.5 text-amber-600 dark:text-amber-400">
                  <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                  Quem souber o e-mail de um comprador pode tomar para si uma licença que ainda não tem conta vinculada.
                </span>
              ) : (
                'O cliente informa o número da conta MT5 no portal antes de usar o robô; só essa conta roda a licença.'
              )
            }
          />
          <SelectField
            control={form.control}
            name="latePayment"
            label="Assinatura com pagamento atrasado"
            options={latePaymentChoices}
            description={
              latePayment === 'suspend'
                ? 'Quando a plataforma avisa do atraso, o robô para com o aviso "pagamento atrasado" e volta sozinho quando a cobrança é paga.'
                : 'O robô continua até o fim do período já pago (mais 3 dias de tolerância) e para sozinho se o pagamento não vier.'
            }
          />
        </fieldset>
        {!readOnly && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
              Salvar
            </Button>
          </div>
        )}
      </form>
    </Form>
  )
}
