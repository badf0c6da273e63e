import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useSaveClient, type ClientItem, type ClientRequest } from '../api/clients'
import { clientStatusChoices } from '@/lib/commerce-labels'
import { clientFormDefaults, clientFormSchema, clientPayload, type ClientFormValues } from '../schemas/client-form'
import { FormDialog, FormDialogFooter } from '@/components/data'
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? 'Editar Cliente' : 'Novo Cliente'}
      description={client ? 'Altere os dados do cliente.' : 'Cadastre um cliente em um tenant.'}
    >
      <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function ClientForm({ client, onDone }: { client: ClientItem | null; onDone: () => void }) {
  const editing = client !== null
  const form = useForm<ClientFormValues>({
    resolver: zodResolver(clientFormSchema(editing ? 'edit' : 'create')),
    defaultValues: clientFormDefaults(client),
  })
  const save = useSaveClient()
  const submit = form.handleSubmit((values) =>
    save.mutate(
      // A blank password is left out on purpose: the server then keeps the current one.
      { id: client?.id, body: clientPayload(values) as ClientRequest },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Cliente atualizado' : 'Cliente criado' })
          onDone()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro ao criar/atualizar cliente',
            description: applyServerErrors(form, error, 'Não foi possível salvar o cliente.'),
          }),
      },
    ),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
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
        <FormDialogFooter editing={editing} pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
