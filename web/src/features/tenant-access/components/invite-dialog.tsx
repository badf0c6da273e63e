import * as React from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { FormDialog, SelectField, TextField } from '@/components/data'
import { InvitationOutcome } from '@/components/invitation/invitation-outcome'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useInviteOwner, type TeamMember } from '../api/team'
import { inviteFormDefaults, inviteFormSchema, roleChoices, type InviteFormValues } from '../invite-form'
import type { OwnerRole } from '../permissions'

/**
 * "Convidar": an owner by name, e-mail and role. Then what became of it, as it is: the e-mail sent or not (and why),
 * and the link to copy and send another way, since an e-mail cannot be assumed to arrive.
 */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sent, setSent] = React.useState<TeamMember | null>(null)
  const change = (next: boolean) => {
    if (!next) setSent(null)
    onOpenChange(next)
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title="Convidar para a equipe"
      description={
        sent
          ? `${sent.name} já faz parte da equipe: falta criar a senha pelo link do convite.`
          : 'A pessoa recebe um link para criar a senha e já entra no portal, sem chave de segurança.'
      }
    >
      {/* Mounted per opening: each invitation starts from an empty form. */}
      {open &&
        (sent ? (
          <>
            <InvitationOutcome sent={sent} />
            <DialogFooter>
              <Button onClick={() => change(false)}>Concluir</Button>
            </DialogFooter>
          </>
        ) : (
          <InviteForm onSent={setSent} onCancel={() => change(false)} />
        ))}
    </FormDialog>
  )
}

function InviteForm({ onSent, onCancel }: { onSent: (member: TeamMember) => void; onCancel: () => void }) {
  const form = useForm<InviteFormValues>({ resolver: zodResolver(inviteFormSchema), defaultValues: inviteFormDefaults })
  const invite = useInviteOwner()
  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { name: values.name.trim(), email: values.email.trim(), role: values.role as OwnerRole },
      {
        onSuccess: onSent,
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
          <Button variant="outline" onClick={onCancel} disabled={invite.isPending}>
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
