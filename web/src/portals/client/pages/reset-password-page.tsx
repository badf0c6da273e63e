import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { z } from 'zod'
import { FormOutcomeAlert, type FormOutcome } from '@/components/auth/form-outcome'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { PublicCardPage } from '@/components/public-card-page'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { useClientResetPassword } from '@/features/auth/api/client-password'
import { fieldSchema } from '@/lib/field-rules'
import { applyServerErrors } from '@/lib/forms'

/** After a successful reset the confirmation stays this long before the login opens. */
export const RESET_REDIRECT_DELAY_MS = 3000

// The server's new-password rule (6 to 256 characters, taken as typed) and its messages.
export const clientResetPasswordSchema = z
  .object({
    newPassword: fieldSchema('newPassword'),
    confirmPassword: z.string().min(1, 'Confirme sua senha'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: 'As senhas não coincidem' })

/** The page opened without a token (a cut or mangled link): nothing to submit, so offer a new link. */
function InvalidLink() {
  return (
    <PublicCardPage title="Link Inválido" description="Token inválido. O link de redefinição de senha está incompleto ou expirou.">
      <Button asChild className="w-full">
        <Link to="/forgot-password">Solicitar novo link</Link>
      </Button>
    </PublicCardPage>
  )
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useClientResetPassword()
  const form = useSchemaForm(clientResetPasswordSchema, { newPassword: '', confirmPassword: '' })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)
  const done = outcome?.ok === true

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  const submit = form.handleSubmit(({ newPassword }) => {
    setOutcome(null)
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: 'Senha redefinida!', description: 'Faça login com sua nova senha.' })
          setOutcome({ ok: true, title: 'Senha redefinida!', message: `${message} Redirecionando para o login…` })
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, 'Erro ao redefinir senha')
          toast({ variant: 'destructive', title: 'Erro ao redefinir senha', description: message })
          setOutcome({ ok: false, message })
        },
      },
    )
  })

  return (
    <PublicCardPage title="Redefinir senha" description="Escolha uma nova senha para acessar sua área de cliente.">
      {outcome && <FormOutcomeAlert outcome={outcome} />}
      {!done && (
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <SchemaField control={form.control} name="newPassword" label="Nova senha" type="password" autoComplete="new-password" />
            <SchemaField control={form.control} name="confirmPassword" label="Confirmar senha" type="password" autoComplete="new-password" />
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending && <Spinner label="Salvando" />}
              Redefinir senha
            </Button>
          </form>
        </Form>
      )}
      {outcome?.ok === false && (
        <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
          Solicitar novo link
        </Link>
      )}
    </PublicCardPage>
  )
}

/** /reset-password?token=…: sets the new password, confirms, and opens the login 3 seconds later. */
export function ClientResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  return token ? <ResetPasswordForm token={token} /> : <InvalidLink />
}
