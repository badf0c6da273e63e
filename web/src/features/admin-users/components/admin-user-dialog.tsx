import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useCreateAdminUser } from '../api/admin-users'
import { adminUserDefaults, adminUserSchema, type AdminUserValues } from '../admin-user-form'

/** Registers another platform admin: username, name, e-mail and a first password (told to them by whoever creates it). */
export function AdminUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <AdminUserForm close={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  )
}

function AdminUserForm({ close }: { close: () => void }) {
  const form = useForm<AdminUserValues>({ resolver: zodResolver(adminUserSchema), defaultValues: adminUserDefaults })
  const create = useCreateAdminUser()

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Usuário criado', description: `${user.name} já pode entrar com o usuário ${user.username}.` })
        close()
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Erro ao criar usuário', description: applyServerErrors(form, error, 'Tente novamente.') }),
    }),
  )

  return (
    <>
      <DialogHeader>
        <DialogTitle>Novo usuário</DialogTitle>
        <DialogDescription>Um administrador da plataforma, com acesso a todo o painel.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Novo usuário">
          <TextField control={form.control} name="username" label="Usuário" required autoComplete="off" spellCheck={false} />
          <TextField control={form.control} name="name" label="Nome" required autoComplete="off" />
          <TextField control={form.control} name="email" label="E-mail" type="email" required autoComplete="off" />
          <TextField
            control={form.control}
            name="password"
            label="Senha"
            type="password"
            required
            autoComplete="new-password"
            description="Mínimo de 6 caracteres. Informe-a à pessoa por um canal seguro."
          />
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Criar usuário
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
