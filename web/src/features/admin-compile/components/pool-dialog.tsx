import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog, FormDialogFooter, TextField } from '@/components/data'
import { Form, FormField } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useCreatePool, useUpdatePool, type PoolItem } from '../api/compile-pools'
import { DEFAULT_POOL_DESCRIPTION } from '../labels'
import { poolFormDefaults, poolFormSchema, poolPayload, type PoolFormValues } from '../pool-form'
import { TenantChecklist } from './tenant-checklist'

/**
 * Creates a pool (`pool` null) or edits one: its name and the tenants it serves. The default pool serves every
 * tenant not listed elsewhere, so only its name can change. The pool stays set while the dialog closes, so its
 * text does not change mid-animation; the form starts afresh each time it opens.
 */
export function PoolDialog({ open, pool, onOpenChange }: { open: boolean; pool: PoolItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={pool ? `Editar pool ${pool.name}` : 'Novo pool'}
      description={
        pool?.servesAllTenants
          ? 'O pool padrão compila os jobs de todo tenant que não está em outro pool.'
          : 'Um pool dedica agentes a alguns tenants: os jobs deles só vão para os agentes do pool.'
      }
    >
      {open && <PoolForm pool={pool} close={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function PoolForm({ pool, close }: { pool: PoolItem | null; close: () => void }) {
  const servesAllTenants = pool?.servesAllTenants ?? false
  const form = useForm<PoolFormValues>({ resolver: zodResolver(poolFormSchema(servesAllTenants)), defaultValues: poolFormDefaults(pool) })
  const create = useCreatePool()
  const update = useUpdatePool()
  const saving = create.isPending || update.isPending

  const submit = form.handleSubmit((values) => {
    const body = poolPayload(values, servesAllTenants)
    const onSuccess = (saved: PoolItem) => {
      toast({ title: pool ? 'Pool atualizado' : 'Pool criado', description: saved.name })
      close()
    }
    const onError = (error: unknown) =>
      toast({
        variant: 'destructive',
        title: pool ? 'Erro ao atualizar pool' : 'Erro ao criar pool',
        description: applyServerErrors(form, error, 'Tente novamente.'),
      })
    if (pool) update.mutate({ id: pool.id, body }, { onSuccess, onError })
    else create.mutate(body, { onSuccess, onError })
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField control={form.control} name="name" label="Nome" required autoComplete="off" placeholder="Clientes VIP" />
        {servesAllTenants ? (
          <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">{DEFAULT_POOL_DESCRIPTION}. Só o nome pode ser alterado.</p>
        ) : (
          <FormField
            control={form.control}
            name="tenantIds"
            render={({ field }) => <TenantChecklist value={field.value} onChange={field.onChange} inputRef={field.ref} initial={pool?.tenants ?? []} />}
          />
        )}
        <FormDialogFooter editing={pool !== null} pending={saving} onCancel={close} />
      </form>
    </Form>
  )
}
