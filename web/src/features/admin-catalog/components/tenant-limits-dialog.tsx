import { useQuery } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog, FormDialogFooter, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Progress } from '@/components/ui/progress'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { formatFileCount, formatStorageAmounts, nearStorageLimit, storagePercent } from '@/lib/storage-usage'
import { tenantLimitsQuery, useUpdateTenantLimits, type TenantLimits } from '../api/tenant-limits'
import type { TenantItem } from '../api/tenants'
import { limitsFormSchema, limitsFormValues, limitsPayload, STORAGE_QUOTA_MAX_MB, STORAGE_QUOTA_MIN_MB, type LimitsFormValues } from '../limits-form'

const MEGABYTE = 1024 * 1024

/**
 * A tenant's limits: its storage use against its quota, whether its robots may `#import` DLLs, and its own quota
 * (blank: the platform default). The tenant stays set while the dialog closes, so its text does not change
 * mid-animation; each opening loads the limits afresh.
 */
export function TenantLimitsDialog({ open, tenant, onOpenChange }: { open: boolean; tenant: TenantItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Limites de ${tenant?.name ?? 'tenant'}`}
      description="O armazenamento do tenant e o que os robôs dele podem fazer."
    >
      {open && tenant && <LimitsBody tenant={tenant} close={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function LimitsBody({ tenant, close }: { tenant: TenantItem; close: () => void }) {
  const query = useQuery(tenantLimitsQuery(tenant.id))
  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Carregando limites">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar os limites.')}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
          <Button variant="ghost" size="sm" onClick={close}>
            Fechar
          </Button>
        </div>
      </div>
    )
  }
  return <LimitsForm tenant={tenant} limits={query.data} close={close} />
}

/** Used against allowed, as a line of text and a bar that turns amber past 90 % and red when full. */
function StorageUse({ limits }: { limits: TenantLimits }) {
  const text = `${formatStorageAmounts(limits.storageUsedBytes, limits.storageQuotaBytes)} (${formatFileCount(limits.storageFiles)})`
  const percent = storagePercent(limits.storageUsedBytes, limits.storageQuotaBytes)
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">Armazenamento em uso</span>
        <span className="tabular-nums" data-testid="storage-use">
          {text}
        </span>
      </div>
      <Progress
        value={percent}
        label="Armazenamento em uso"
        valueText={text}
        tone={percent >= 100 ? 'destructive' : nearStorageLimit(limits.storageUsedBytes, limits.storageQuotaBytes) ? 'warning' : 'default'}
      />
      <p className="text-xs text-muted-foreground">
        {limits.storageQuotaMb === null || limits.storageQuotaMb === undefined ? 'Vale o limite padrão da plataforma.' : 'Vale o limite próprio deste tenant.'}
      </p>
    </div>
  )
}

function LimitsForm({ tenant, limits, close }: { tenant: TenantItem; limits: TenantLimits; close: () => void }) {
  const form = useForm<LimitsFormValues>({ resolver: zodResolver(limitsFormSchema), defaultValues: limitsFormValues(limits) })
  const update = useUpdateTenantLimits()
  const quota = useWatch({ control: form.control, name: 'storageQuotaMb' }).trim()
  // A quota below what is stored is allowed (the server keeps it): uploads then fail until the tenant frees room.
  const belowUse = /^\d+$/.test(quota) && Number(quota) * MEGABYTE < limits.storageUsedBytes

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { tenantId: tenant.id, body: limitsPayload(values) },
      {
        onSuccess: () => {
          toast({ title: 'Limites atualizados', description: tenant.name })
          close()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao atualizar limites', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <StorageUse limits={limits} />
        <FormField
          control={form.control}
          name="dllImportsAllowed"
          render={({ field }) => (
            <FormItem className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <FormControl>
                <Switch ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              </FormControl>
              <FormLabel className="font-normal">Permitir #import de DLLs</FormLabel>
              <FormDescription className="basis-full">Os robôs deste tenant poderão carregar DLLs; a página de vendas avisa os compradores.</FormDescription>
              <FormMessage className="basis-full" />
            </FormItem>
          )}
        />
        <TextField
          control={form.control}
          name="storageQuotaMb"
          label="Limite de armazenamento (MB)"
          type="number"
          inputMode="numeric"
          min={STORAGE_QUOTA_MIN_MB}
          max={STORAGE_QUOTA_MAX_MB}
          step={1}
          autoComplete="off"
          placeholder={`Padrão: ${limits.defaultStorageQuotaMb} MB`}
          description={
            belowUse
              ? 'Abaixo do que o tenant já usa: novos envios serão recusados até ele liberar espaço.'
              : `Em branco, vale o padrão da plataforma (${limits.defaultStorageQuotaMb} MB).`
          }
        />
        <FormDialogFooter editing pending={update.isPending} onCancel={close} />
      </form>
    </Form>
  )
}
