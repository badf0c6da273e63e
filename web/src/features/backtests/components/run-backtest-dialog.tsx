import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { TriangleAlertIcon } from 'lucide-react'
import { FormDialog } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { useStartBacktest, type BacktestView } from '../api/backtests'
import { profileFormSchema, profileFormValues, profilePayload, type ProfileFormValues } from '../profile-form'
import { ProfileFields } from './profile-fields'

export const RUN_BACKTEST = 'Executar backtest'

/**
 * "Executar backtest": the profile and thresholds, prefilled with the version's last run's (or the platform's
 * defaults), sent to the queue. The server's per-field messages land under the fields; a month without minutes left
 * (429) and other refusals show above the buttons.
 */
export function RunBacktestDialog({
  open,
  onOpenChange,
  robotId,
  versionId,
  versionLabel,
  previous,
  onQueued,
  onChanged,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  robotId: string
  versionId: string
  versionLabel: string
  /** The version's newest run, whose profile and thresholds the form starts from. */
  previous?: BacktestView
  onQueued?: () => void
  onChanged?: () => void
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={RUN_BACKTEST}
      description={`Versão ${versionLabel} no Strategy Tester do MetaTrader 5. O teste entra na fila e usa minutos de teste do mês enquanto roda.`}
    >
      {open && (
        <RunBacktestForm
          robotId={robotId}
          versionId={versionId}
          previous={previous}
          close={() => onOpenChange(false)}
          onQueued={onQueued}
          onChanged={onChanged}
        />
      )}
    </FormDialog>
  )
}

function RunBacktestForm({
  robotId,
  versionId,
  previous,
  close,
  onQueued,
  onChanged,
}: {
  robotId: string
  versionId: string
  previous?: BacktestView
  close: () => void
  onQueued?: () => void
  onChanged?: () => void
}) {
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(previous?.profile ?? undefined, previous?.thresholds ?? undefined),
  })
  const start = useStartBacktest(onChanged)
  const [refusal, setRefusal] = useState<{ title: string; text: string } | null>(null)

  const submit = form.handleSubmit((values) => {
    setRefusal(null)
    start.mutate(
      { robotId, versionId, body: profilePayload(values) },
      {
        onSuccess: ({ queued }) => {
          toast(
            queued
              ? { title: 'Backtest na fila', description: 'O resultado aparece aqui quando o teste terminar.' }
              : { title: 'Já há um teste desta versão em andamento', description: 'Acompanhe-o aqui; um novo só pode ser pedido quando ele terminar.' },
          )
          onQueued?.()
          close()
        },
        onError: (error) => {
          const text = applyServerErrors(form, error, 'Não foi possível pedir o teste. Tente novamente.')
          const exhausted = error instanceof ApiError && error.status === 429
          setRefusal({ title: exhausted ? 'Minutos de teste esgotados' : 'Teste não iniciado', text })
        },
      },
    )
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={RUN_BACKTEST}>
        <ProfileFields control={form.control} disabled={start.isPending} />
        {refusal && (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden />
            <AlertTitle>{refusal.title}</AlertTitle>
            <AlertDescription>{refusal.text}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={start.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending && <Spinner label="Enviando" />}
            {RUN_BACKTEST}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
