import { useState } from 'react'
import { Link } from 'react-router-dom'
import { KeyRoundIcon } from 'lucide-react'
import { z } from 'zod'
import { FormOutcomeAlert, type FormOutcome } from '@/components/auth/form-outcome'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { PublicCardPage } from '@/components/public-card-page'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { useClientForgotPassword } from '@/features/auth/api/client-password'
import { fieldSchema } from '@/lib/field-rules'
import { applyServerErrors } from '@/lib/forms'

export const clientForgotPasswordSchema = z.object({ email: fieldSchema('email') })

/** Development hosts send no e-mail: the token comes back in the answer, offered here as the link would be. */
function DevelopmentToken({ token }: { token: string }) {
  return (
    <Alert role="status">
      <KeyRoundIcon aria-hidden />
      <AlertTitle>Ambiente de desenvolvimento</AlertTitle>
      <AlertDescription>
        <span>
          Token de redefinição: <code className="break-all" data-testid="reset-token">{token}</code>
        </span>
        <Link to={`/reset-password?token=${encodeURIComponent(token)}`} className="font-medium text-primary underline-offset-4 hover:underline">
          Redefinir senha agora
        </Link>
      </AlertDescription>
    </Alert>
  )
}

/** /forgot-password: asks for a reset link by e-mail and shows the server's answer. */
export function ClientForgotPasswordPage() {
  const request = useClientForgotPassword()
  const form = useSchemaForm(clientForgotPasswordSchema, { email: '' })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)
  const [token, setToken] = useState<string | null>(null)
  const submit = form.handleSubmit((values) => {
    setOutcome(null)
    setToken(null)
    request.mutate(values, {
      onSuccess: ({ message, resetToken }) => {
        toast({ title: 'E-mail enviado!', description: 'Se o e-mail existir, você receberá instruções para redefinir sua senha.' })
        setOutcome({ ok: true, message })
        setToken(resetToken?.trim() || null)
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, 'Erro ao processar solicitação')
        toast({ variant: 'destructive', title: 'Erro ao solicitar recuperação de senha', description: message })
        setOutcome({ ok: false, message })
      },
    })
  })
  return (
    <PublicCardPage title="Recuperar senha" description="Informe o e-mail da sua conta e enviaremos instruções para redefinir sua senha.">
      {outcome && <FormOutcomeAlert outcome={outcome} />}
      {token && <DevelopmentToken token={token} />}
      <Form {...form}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <SchemaField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner label="Enviando" />}
            Enviar link de recuperação
          </Button>
        </form>
      </Form>
    </PublicCardPage>
  )
}
