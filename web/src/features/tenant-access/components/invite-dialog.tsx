import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { FormDialog, SelectField, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useInviteOwner } from '../api/team'
import { inviteFormDefaults, inviteFormSchema, roleChoices, type InviteFormValues } from '../invite-form'
import type { OwnerRole } from '../permissions'

/** "Convidar": an owner by name, e-mail and role; the e-mail carries the link that creates their password. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Convidar para a equipe"
      description="A pessoa recebe um e-mail com o link para criar a senha; depois entra com ele, a senha e a chave de segurança da conta."
    >
      {/* Mounted per opening: each invitation starts from an empty form. */}
      {open && <InviteForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const form = useForm<InviteFormValues>({ resolver: zodResolver(inviteFormSchema), defaultValues: inviteFormDefaults })
  const invite = useInviteOwner()
  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { name: values.name.trim(), email: values.email.trim(), role: values.role as OwnerRole },
      {
        onSuccess: (member) => {
          // Said as it is: without a sender the invitation exists but its e-mail does not go out.
          toast(
            member.emailNotSent
              ? { variant: 'destructive', title: 'Convite criado, e-mail não enviado', description: member.emailNotSent }
              : { title: 'Convite enviado', description: `${member.email} recebe o link para criar a senha.` },
          )
          onDone()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro ao enviar convite',
            description: applyServerErrors(form, error, 'Não foi possível enviar o convite.'),
          }),
      },
    ),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField control={form.control} name="name" label="Nome" autoComplete="off" required />
        <TextField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" required />
        <SelectField
          control={form.control}
          name="role"
          label="Perfil"
          options={roleChoices}
          placeholder="Escolha o perfil"
          required
          description="Suporte atende clientes e licenças; Financeiro cuida de vendas e assinaturas; Administrador pode tudo, inclusive a equipe."
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={invite.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner label="Enviando" /> : <SendIcon aria-hidden />}
            Enviar convite
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
