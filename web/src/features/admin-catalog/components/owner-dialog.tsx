import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useCreateOwner, useUpdateOwner, type OwnerItem } from '../api/tenant-owners'
import { activeChoices } from '../active-choices'
import { ownerFormDefaults, ownerFormSchema, ownerPayload, ownerRoleLabels, ownerRoles, type OwnerFormValues } from '../owner-form'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { SelectField, TextField } from '@/components/data'

const roleChoices = ownerRoles.map((role) => ({ value: role, label: ownerRoleLabels[role] }))

/** Create (`owner` null) or edit a tenant owner. */
export function OwnerDialog({ open, onOpenChange, owner }: { open: boolean; onOpenChange: (open: boolean) => void; owner: OwnerItem | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <OwnerForm owner={owner} close={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  )
}

function OwnerForm({ owner, close }: { owner: OwnerItem | null; close: () => void }) {
  const form = useForm<OwnerFormValues>({ resolver: zodResolver(ownerFormSchema(owner ? 'edit' : 'create')), defaultValues: ownerFormDefaults(owner) })
  const tenants = useTenantOptions()
  const create = useCreateOwner()
  const update = useUpdateOwner()
  const saving = create.isPending || update.isPending

  const submit = form.handleSubmit((values) => {
    const body = ownerPayload(values)
    const onError = (error: unknown) =>
      toast({
        variant: 'destructive',
        title: owner ? 'Erro ao atualizar owner' : 'Erro ao criar owner',
        description: applyServerErrors(form, error, 'Tente novamente.'),
      })
    const onSuccess = () => {
      toast({ title: owner ? 'Owner atualizado' : 'Owner criado' })
      close()
    }
    if (owner) update.mutate({ id: owner.id, body }, { onSuccess, onError })
    else create.mutate(body, { onSuccess, onError })
  })

  return (
    <>
      <DialogHeader>
        <DialogTitle>{owner ? 'Editar owner' : 'Novo owner'}</DialogTitle>
        <DialogDescription>{owner ? `Altere os dados de ${owner.name}.` : 'Cadastre um administrador para um tenant.'}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField control={form.control} name="name" label="Nome" required autoComplete="off" />
          <TextField control={form.control} name="email" label="E-mail" type="email" required autoComplete="off" />
          <TextField control={form.control} name="phone" label="Telefone" type="tel" autoComplete="off" />
          <TextField
            control={form.control}
            name="password"
            label="Senha"
            type="password"
            required={!owner}
            autoComplete="new-password"
            description={owner ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 6 caracteres.'}
          />
          <SelectField
            control={form.control}
            name="tenantId"
            label="Tenant"
            required
            options={tenants.options}
            placeholder={tenants.isLoading ? 'Carregando tenants…' : 'Selecione o tenant'}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField control={form.control} name="role" label="Função" required options={roleChoices} />
            <SelectField control={form.control} name="isActive" label="Status" required options={activeChoices} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {owner ? 'Salvar' : 'Criar owner'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
