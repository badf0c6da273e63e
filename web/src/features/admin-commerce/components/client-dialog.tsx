import { zodResolver } from '@hookform/resolvers/zod'
import { useSaveClient, type ClientItem, type ClientRequest } from '../api/clients'
import { clientStatusChoices } from '@/lib/commerce-labels'
import { clientFormDefaults, clientFormSchema, clientPayload } from '../schemas/client-form'
import { EntityFormDialog } from '@/components/data'
import { SelectField, TextField } from '@/components/data'
import { TenantField } from './tenant-pickers'

interface ClientDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The client to edit; null creates one. */
  client: ClientItem | null
}

/** Creates or edits a client. The tenant is fixed once the client exists; a blank password keeps the current one. */
export function ClientDialog({ open, onOpenChange, client }: ClientDialogProps) {
  const editing = client !== null
  const save = useSaveClient()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={client}
      title={{ create: 'Novo Cliente', edit: 'Editar Cliente' }}
      description={editing ? 'Altere os dados do cliente.' : 'Cadastre um cliente em um tenant.'}
      resolver={zodResolver(clientFormSchema(editing ? 'edit' : 'create'))}
      defaultValues={clientFormDefaults(client)}
      mutation={save}
      // A blank password is left out on purpose: the server then keeps the current one.
      variables={(values) => ({ id: client?.id, body: clientPayload(values) as ClientRequest })}
      texts={{
        created: 'Cliente criado',
        updated: 'Cliente atualizado',
        failed: 'Erro ao criar/atualizar cliente',
        fallback: 'Não foi possível salvar o cliente.',
      }}
    >
      {(form) => (
        <>
          <TenantField control={form.control} name="tenantId" disabled={editing} required />
          <TextField control={form.control} name="name" label="Nome" autoComplete="off" required />
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" required />
          <TextField control={form.control} name="phone" label="Telefone" type="tel" autoComplete="off" />
          <TextField
            control={form.control}
            name="password"
            label="Senha"
            type="password"
            autoComplete="new-password"
            required={!editing}
            description={editing ? 'Deixe em branco para manter a senha atual.' : 'Mínimo de 6 caracteres.'}
          />
          <SelectField control={form.control} name="status" label="Status" options={clientStatusChoices} required />
        </>
      )}
    </EntityFormDialog>
  )
}
