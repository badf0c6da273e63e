import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog, FormDialogFooter, TextField } from '@/components/data'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useUpdateAiQuota, type AiTenantUsage } from '../api/ai-usage'
import { QUOTA_MAX, QUOTA_MIN, quotaFormSchema, quotaFormValues, quotaOf, type QuotaFormValues } from '../quota-form'
import { formatCount } from '../usage-format'

/**
 * Edits how many AI generations a tenant may start per month. The tenant stays set while the dialog closes,
 * so its text does not change mid-animation; the form starts afresh each time it opens.
 */
export function QuotaDialog({ open, tenant, onClose }: { open: boolean; tenant: AiTenantUsage | null; onClose: () => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Editar cota"
      description={tenant ? `Gerações de robôs por IA que ${tenant.tenantName} pode iniciar por mês.` : ''}
    >
      {open && tenant && <QuotaForm tenant={tenant} close={onClose} />}
    </FormDialog>
  )
}

function QuotaForm({ tenant, close }: { tenant: AiTenantUsage; close: () => void }) {
  const form = useForm<QuotaFormValues>({ resolver: zodResolver(quotaFormSchema), defaultValues: quotaFormValues(tenant.monthlyQuota) })
  const update = useUpdateAiQuota()

  const submit = form.handleSubmit((values) => {
    const monthlyQuota = quotaOf(values)
    update.mutate(
      { tenantId: tenant.tenantId, monthlyQuota },
      {
        onSuccess: () => {
          toast({ title: 'Cota atualizada', description: `${tenant.tenantName}: ${formatCount(monthlyQuota)} gerações por mês.` })
          close()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao atualizar cota', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    )
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="monthlyQuota"
          label="Cota mensal de gerações"
          required
          type="number"
          inputMode="numeric"
          min={QUOTA_MIN}
          max={QUOTA_MAX}
          step={1}
          autoComplete="off"
          description={`De ${QUOTA_MIN} a ${formatCount(QUOTA_MAX)}. Usadas este mês: ${formatCount(tenant.generationsThisMonth)}. Com 0, o tenant não gera robôs.`}
        />
        <FormDialogFooter editing pending={update.isPending} onCancel={close} />
      </form>
    </Form>
  )
}
