import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useResetAdminPassword, type AdminUserItem } from '../api/admin-users'
import { newPasswordSchema, type NewPasswordValues } from '../admin-user-form'

interface ResetPasswordProps {
  /** Whose password: oneself (`isSelf`) or another admin. */
  isSelf: boolean
  /** After the new password is stored (the admin's sessions have ended). */
  onSaved?: (user: AdminUserItem) => void
}

/** Sets a new password for an admin (`user`); their open sessions end. Closed while `user` is null. */
export function ResetPasswordDialog({ user, onClose, ...props }: { user: AdminUserItem | null; onClose: () => void } & ResetPasswordProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user && <ResetPasswordForm user={user} close={onClose} {...props} />}</DialogContent>
    </Dialog>
  )
}

function ResetPasswordForm({ user, close, isSelf, onSaved }: { user: AdminUserItem; close: () => void } & ResetPasswordProps) {
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmation: '' } })
  const reset = useResetAdminPassword()

  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          toast({ title: 'Senha redefinida', description: `As sessões abertas de ${user.name} foram encerradas.` })
          close()
          onSaved?.(user)
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao redefinir senha', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    ),
  )

  return (
    <>
      <DialogHeader>
        <DialogTitle>Redefinir senha de {user.name}</DialogTitle>
        <DialogDescription>
          {isSelf
            ? 'Sua sessão atual será encerrada: entre de novo com a nova senha.'
            : `As sessões abertas de ${user.username} serão encerradas. Informe a nova senha à pessoa por um canal seguro.`}
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Formulário de nova senha">
          <TextField control={form.control} name="password" label="Nova senha" type="password" required autoComplete="new-password" />
          <TextField control={form.control} name="confirmation" label="Confirme a nova senha" type="password" required autoComplete="new-password" />
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={reset.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending && <Spinner />}
              Redefinir senha
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
