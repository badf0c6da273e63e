import { zodResolver } from '@hookform/resolvers/zod'
import { EntityFormDialog, SelectField, TextField } from '@/components/data'
import { clientStatusChoices } from '@/lib/commerce-labels'
import { useSaveClient, type ClientItem } from '../api/clients'
import { clientFormDefaults, clientFormSchema, clientPayload } from '../schemas/client-form'

interface ClientDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The client to edit; null creates one. */
  client: ClientItem | null
}

/** Creates or edits one of the owner's clients; on edit a blank password keeps the current one. */
export function ClientDialog({ open, onOpenChange, client }: ClientDialogProps) {
  const editing = client !== null
  const save = useSaveClient()
  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      item={client}
      title={{ create: 'Novo Cliente', edit: 'Editar Cliente' }}
      description={editing ? 'Altere os dados do cliente.' : 'Cadastre um cliente para liberar robôs a ele.'}
      resolver={zodResolver(clientFormSchema(editing ? 'edit' : 'create'))}
      defaultValues={clientFormDefaults(client)}
      mutation={save}
      variables={(values) => ({ id: client?.id, body: clientPayload(values) })}
      texts={{
        created: 'Cliente criado',
        updated: 'Cliente atualizado',
        failed: { create: 'Erro ao criar cliente', edit: 'Erro ao atualizar cliente' },
        fallback: 'Não foi possível salvar o cliente.',
      }}
    >
      {(form) => (
        <>
          <TextField control={form.control} name="name" label="Nome" autoComplete="off" required />
          <TextField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" required />
          <TextField control={form.control} name="phone" label="Telefone" type="tel" autoComplete="off" placeholder="Opcional" />
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
