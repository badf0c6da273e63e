import { useState } from 'react'
import { z } from 'zod'
import { FormOutcomeAlert, type FormOutcome } from '@/components/auth/form-outcome'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { PublicCardPage } from '@/components/public-card-page'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { useTenantForgotPassword } from '@/features/auth/api/tenant-password'
import { fieldSchema } from '@/lib/field-rules'
import { applyServerErrors } from '@/lib/forms'

export const forgotPasswordSchema = z.object({ email: fieldSchema('email') })

/** /forgot-password: asks for a reset link and shows the server's answer inline. */
export function TenantForgotPasswordPage() {
  const request = useTenantForgotPassword()
  const form = useSchemaForm(forgotPasswordSchema, { email: '' })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)
  const submit = form.handleSubmit((values) => {
    setOutcome(null)
    request.mutate(values, {
      onSuccess: ({ message }) => setOutcome({ ok: true, message }),
      onError: (error) => setOutcome({ ok: false, message: applyServerErrors(form, error, 'Erro ao processar solicitação') }),
    })
  })
  return (
    <PublicCardPage title="Recuperar senha" description="Informe o e-mail da sua conta e enviaremos um link para redefinir sua senha.">
      {outcome && <FormOutcomeAlert outcome={outcome} />}
      <Form {...form}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <SchemaField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" required placeholder="voce@empresa.com" />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner label="Enviando" />}
            Enviar link de recuperação
          </Button>
        </form>
      </Form>
    </PublicCardPage>
  )
}
