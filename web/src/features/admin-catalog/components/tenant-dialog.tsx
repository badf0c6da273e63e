import { useState } from 'react'
import { useForm, useWatch, type Control } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRoundIcon, TriangleAlertIcon } from 'lucide-react'
import { CopyButton } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useCreateTenant, useUpdateTenant, type CreatedTenant, type TenantItem } from '../api/tenants'
import {
  generateSecretHash,
  tenantFormDefaults,
  tenantFormSchema,
  tenantPayload,
  tenantStatuses,
  tenantStatusLabels,
  type TenantFormValues,
} from '../tenant-form'
import { SelectField, TextField } from '@/components/data'
import { CreatedTenantPanel } from './created-tenant-panel'

const SECRET_COPY_FAILED = 'Não foi possível copiar o secret hash.'
const statusChoices = tenantStatuses.map((status) => ({ value: status, label: tenantStatusLabels[status] }))

/**
 * Create (`tenant` null) or edit a tenant. Creating also invites its first owner ("Responsável"), and then shows what to
 * hand over (`CreatedTenantPanel`). After an edit that set a security key, the dialog shows that key one last time:
 * the server keeps only its hash.
 */
export function TenantDialog({ open, onOpenChange, tenant }: { open: boolean; onOpenChange: (open: boolean) => void; tenant: TenantItem | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">{open && <TenantDialogBody tenant={tenant} close={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  )
}

function TenantDialogBody({ tenant, close }: { tenant: TenantItem | null; close: () => void }) {
  const [savedKey, setSavedKey] = useState<{ tenantName: string; secretKey: string } | null>(null)
  const [created, setCreated] = useState<{ tenant: CreatedTenant; secretKey: string | null } | null>(null)
  if (created) return <CreatedTenantPanel created={created.tenant} secretKey={created.secretKey} close={close} />
  if (savedKey) return <SavedKeyNotice {...savedKey} close={close} />
  return <TenantForm tenant={tenant} close={close} onKeySaved={setSavedKey} onCreated={setCreated} />
}

function TenantForm({
  tenant,
  close,
  onKeySaved,
  onCreated,
}: {
  tenant: TenantItem | null
  close: () => void
  onKeySaved: (saved: { tenantName: string; secretKey: string }) => void
  onCreated: (created: { tenant: CreatedTenant; secretKey: string | null }) => void
}) {
  const mode = tenant ? 'edit' : 'create'
  const form = useForm<TenantFormValues>({ resolver: zodResolver(tenantFormSchema(mode)), defaultValues: tenantFormDefaults(tenant) })
  const create = useCreateTenant()
  const update = useUpdateTenant()
  const saving = create.isPending || update.isPending
  const secretHash = useWatch({ control: form.control, name: 'secretHash' })

  const submit = form.handleSubmit((values) => {
    const body = tenantPayload(values)
    const failureTitle = tenant ? 'Erro ao atualizar tenant' : 'Erro ao criar tenant'
    const onError = (error: unknown) =>
      toast({ variant: 'destructive', title: failureTitle, description: applyServerErrors(form, error, 'Tente novamente.') })
    if (tenant) {
      const onSuccess = (saved: TenantItem) => {
        toast({ title: 'Tenant atualizado' })
        if (body.secretHash) onKeySaved({ tenantName: saved.name, secretKey: body.secretHash })
        else close()
      }
      update.mutate({ id: tenant.id, body }, { onSuccess, onError })
    } else {
      const onSuccess = (saved: CreatedTenant) => {
        toast({ title: 'Tenant criado' })
        onCreated({ tenant: saved, secretKey: body.secretHash })
      }
      create.mutate(body, { onSuccess, onError })
    }
  })

  const generate = () => form.setValue('secretHash', generateSecretHash(), { shouldDirty: true, shouldValidate: form.formState.isSubmitted })

  return (
    <>
      <DialogHeader>
        <DialogTitle>{tenant ? 'Editar tenant' : 'Novo tenant'}</DialogTitle>
        <DialogDescription>{tenant ? `Altere os dados de ${tenant.name}.` : 'Cadastre uma nova marca white-label.'}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField control={form.control} name="name" label="Nome" required autoComplete="off" />
          <TextField control={form.control} name="url" label="URL" required placeholder="robosdojoao.com.br" autoComplete="off" />
          <TextField control={form.control} name="logoUrl" label="URL do logo" placeholder="https://…" autoComplete="off" />
          <TextField
            control={form.control}
            name="secretHash"
            label="Secret hash"
            required={!tenant}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-xs"
            description={
              tenant
                ? `Deixe em branco para manter a chave atual${tenant.secretPrefix ? ` (começa com ${tenant.secretPrefix}…)` : ''}. Uma nova chave substitui a atual no login dos owners.`
                : 'Mínimo de 16 caracteres. Use Gerar para criar uma chave aleatória de 64 caracteres.'
            }
            addon={
              <>
                <Button variant="outline" onClick={generate}>
                  <KeyRoundIcon aria-hidden />
                  Gerar
                </Button>
                <CopyButton value={secretHash} label="Copiar secret hash" errorDescription={SECRET_COPY_FAILED} disabled={!secretHash} />
              </>
            }
          />
          <TextField
            control={form.control}
            name="hotmartWebhookSecret"
            label="Hotmart webhook secret (hottok)"
            autoComplete="off"
            spellCheck={false}
            description={<HotmartHint tenant={tenant} />}
          />
          <SelectField control={form.control} name="status" label="Status" required options={statusChoices} />
          {!tenant && <OwnerFields control={form.control} />}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {tenant ? 'Salvar' : 'Criar tenant'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}

/** The first owner of a new tenant: invited by e-mail, they create their own password (nobody chooses it for them). */
function OwnerFields({ control }: { control: Control<TenantFormValues> }) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Responsável (dono)</legend>
      <p className="-mt-2 text-xs text-muted-foreground">Recebe um convite para criar a senha e entrar no portal do revendedor como Administrador.</p>
      <TextField control={control} name="ownerName" label="Nome do responsável" required autoComplete="off" />
      <TextField control={control} name="ownerEmail" label="E-mail do responsável" type="email" required autoComplete="off" />
    </fieldset>
  )
}

function HotmartHint({ tenant }: { tenant: TenantItem | null }) {
  if (!tenant) return <>Opcional: deixe em branco se o tenant não vende pela Hotmart.</>
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {tenant.hotmartConfigured ? <Badge variant="success">Configurado</Badge> : <Badge variant="secondary">Não configurado</Badge>}
      {tenant.hotmartConfigured ? 'Deixe em branco para manter o atual.' : 'Opcional: deixe em branco se o tenant não vende pela Hotmart.'}
    </span>
  )
}

/** The key just saved, shown this once. */
function SavedKeyNotice({ tenantName, secretKey, close }: { tenantName: string; secretKey: string; close: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Secret hash de {tenantName}</DialogTitle>
        <DialogDescription>A nova chave encerra as sessões dos owners; cada navegador a pede uma vez no próximo login.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="saved-secret-hash">Secret hash</Label>
        <div className="flex gap-2">
          <Input id="saved-secret-hash" readOnly value={secretKey} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={secretKey} label="Copiar secret hash" errorDescription={SECRET_COPY_FAILED} />
        </div>
      </div>
      <p role="alert" className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-600 dark:text-amber-400">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copie e guarde esta chave agora: ela não poderá ser exibida novamente.
      </p>
      <DialogFooter>
        <Button onClick={close}>Concluir</Button>
      </DialogFooter>
    </>
  )
}
