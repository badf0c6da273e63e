import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { FormOutcomeAlert, type FormOutcome } from '@/components/auth/form-outcome'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { PublicCardPage } from '@/components/public-card-page'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { useTenantResetPassword } from '@/features/auth/api/tenant-password'
import { newPasswordSchema } from '@/components/auth/new-password-schema'
import { applyServerErrors } from '@/lib/forms'

/** After the password is saved the confirmation stays this long before the login opens. */
export const RESET_REDIRECT_DELAY_MS = 3000

function MissingToken() {
  return (
    <FormOutcomeAlert
      outcome={{ ok: false, title: 'Link incompleto', message: 'Abra o link do e-mail (convite ou recuperação de senha) como ele chegou, ou solicite um novo.' }}
    />
  )
}

/**
 * /reset-password?token=…: where both e-mailed links lead, a team invitation (the first password) and a password
 * reset (a new one). Saves the password, confirms, and opens the login 3 seconds later.
 */
export function TenantResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const navigate = useNavigate()
  const reset = useTenantResetPassword()
  const form = useSchemaForm(newPasswordSchema, { newPassword: '', confirmPassword: '' })
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
        onSuccess: ({ message }) => setOutcome({ ok: true, title: 'Senha salva!', message: `${message} Redirecionando para o login…` }),
        onError: (error) => setOutcome({ ok: false, message: applyServerErrors(form, error, 'Erro ao salvar a senha') }),
      },
    )
  })

  return (
    <PublicCardPage
      title="Criar ou redefinir senha"
      description="Escolha a senha para entrar no Portal do Revendedor: a primeira, se você foi convidado para a equipe, ou uma nova, se esqueceu a sua."
    >
      {!token && <MissingToken />}
      {outcome && <FormOutcomeAlert outcome={outcome} />}
      {!done && (
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <SchemaField control={form.control} name="newPassword" label="Nova senha" type="password" autoComplete="new-password" required />
            <SchemaField control={form.control} name="confirmPassword" label="Confirmar senha" type="password" autoComplete="new-password" required />
            <Button type="submit" className="w-full" disabled={!token || reset.isPending}>
              {reset.isPending && <Spinner label="Salvando" />}
              Salvar senha
            </Button>
          </form>
        </Form>
      )}
      {(!token || outcome?.ok === false) && (
        <p className="text-sm text-muted-foreground">
          Convite expirado? Peça a um administrador da conta para reenviá-lo, ou{' '}
          <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
            Solicitar um novo link
          </Link>
          .
        </p>
      )}
    </PublicCardPage>
  )
}
