import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog, FormDialogFooter, TextField } from '@/components/data'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useUpdateTesterQuota, type AiTenantUsage } from '../api/ai-usage'
import { TESTER_MINUTES_MAX, TESTER_MINUTES_MIN, testerQuotaFormSchema, type TesterQuotaFormValues } from '../quota-form'
import { formatCount } from '../usage-format'

/** A new tenant's monthly tester minutes (the server's default). */
export const DEFAULT_TESTER_MINUTES = 600

/**
 * Sets how many Strategy Tester minutes a tenant's backtests may use per month (decision 0016). The API does not
 * report the current value, so the field starts empty and the description gives the default. The tenant stays set
 * while the dialog closes; the form starts afresh each time it opens.
 */
export function TesterQuotaDialog({ open, tenant, onClose }: { open: boolean; tenant: Pick<AiTenantUsage, 'tenantId' | 'tenantName'> | null; onClose: () => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Minutos de teste"
      description={tenant ? `Minutos do Strategy Tester que os backtests de ${tenant.tenantName} podem usar por mês.` : ''}
    >
      {open && tenant && <TesterQuotaForm tenant={tenant} close={onClose} />}
    </FormDialog>
  )
}

function TesterQuotaForm({ tenant, close }: { tenant: Pick<AiTenantUsage, 'tenantId' | 'tenantName'>; close: () => void }) {
  const form = useForm<TesterQuotaFormValues>({ resolver: zodResolver(testerQuotaFormSchema), defaultValues: { monthlyMinutes: '' } })
  const update = useUpdateTesterQuota()

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { tenantId: tenant.tenantId, monthlyMinutes: Number(values.monthlyMinutes) },
      {
        onSuccess: (result) => {
          toast({ title: 'Minutos de teste atualizados', description: `${tenant.tenantName}: ${formatCount(result.monthlyMinutes)} minutos por mês.` })
          close()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao atualizar minutos de teste', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="monthlyMinutes"
          label="Minutos de teste por mês"
          required
          type="number"
          inputMode="numeric"
          min={TESTER_MINUTES_MIN}
          max={TESTER_MINUTES_MAX}
          step={1}
          autoComplete="off"
          placeholder={String(DEFAULT_TESTER_MINUTES)}
          description={`De ${TESTER_MINUTES_MIN} a ${formatCount(TESTER_MINUTES_MAX)}. O padrão é ${formatCount(DEFAULT_TESTER_MINUTES)}. Com 0, o tenant não roda backtests; testes já na fila esperam o mês seguinte.`}
        />
        <FormDialogFooter editing pending={update.isPending} onCancel={close} />
      </form>
    </Form>
  )
}
