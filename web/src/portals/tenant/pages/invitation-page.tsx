import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { BrandedLoginPage } from '@/components/auth/branded-login-page'
import { FormOutcomeAlert } from '@/components/auth/form-outcome'
import { newPasswordSchema } from '@/components/auth/new-password-schema'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { tenantOfInvitation, useAcceptTenantInvitation } from '@/features/auth/api/tenant-invitation'
import { tenantBrandingByReferenceQuery } from '@/features/branding/api/tenant-branding'
import { ApiError } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { usePageTitle } from '@/lib/page-title'
import { tenantHomePath } from '../tenant-home'

const MISSING_LINK = 'Abra o link do convite como ele chegou (e-mail ou mensagem), inteiro. Se não funcionar, peça um novo convite a quem convidou você.'

/** A link that cannot be accepted (missing, expired, used, replaced by a newer one): why, and what to do. */
function UnusableInvitation({ message }: { message: string }) {
  return (
    <div className="grid gap-3">
      <FormOutcomeAlert outcome={{ ok: false, title: 'Convite inválido', message }} />
      <p className="text-sm text-muted-foreground">
        Já criou sua senha?{' '}
        <Link to="/login" className="font-medium text-primary underline underline-offset-4">
          Entre no portal
        </Link>
        .
      </p>
    </div>
  )
}

/**
 * /convite?token=… (dev: /tenant/convite): where an owner's invitation leads. The invited person creates their
 * password and is signed in at once, on the first screen their role opens; this browser gets the tenant pass, so no
 * security key is ever typed or handed over. A refused link says so, and to ask whoever invited for a new one.
 */
export function TenantInvitationPage() {
  usePageTitle('Convite')
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const branding = useQuery(tenantBrandingByReferenceQuery(tenantOfInvitation(token)))
  const brandName = branding.data?.displayName?.trim() || branding.data?.name?.trim() || 'Portal do Revendedor'
  const accept = useAcceptTenantInvitation({ homePath: (session) => tenantHomePath(session.user.role) })
  const form = useSchemaForm(newPasswordSchema, { newPassword: '', confirmPassword: '' })
  const [refusal, setRefusal] = useState<string | null>(token ? null : MISSING_LINK)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = form.handleSubmit(({ newPassword }) => {
    setFailure(null)
    accept.mutate(
      { token, newPassword },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fields.token) setRefusal(error.fields.token)
          else {
            const text = applyServerErrors(form, error, 'Não foi possível criar a senha. Tente novamente.')
            // A refused password is said under its field; anything else above the form.
            setFailure(error instanceof ApiError && error.fields.newPassword ? null : text)
          }
        },
      },
    )
  })

  return (
    <BrandedLoginPage
      name={brandName}
      logoUrl={branding.data?.logoUrl}
      logoClassName="size-10"
      description="Você foi convidado para o Portal do Revendedor."
    >
      {refusal ? (
        <UnusableInvitation message={refusal} />
      ) : (
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="invitation-title">
            <h2 id="invitation-title" className="text-lg font-semibold">
              Crie sua senha
            </h2>
            <p className="-mt-2 text-sm text-muted-foreground">Depois você entra no portal só com seu e-mail e esta senha.</p>
            {failure && <FormOutcomeAlert outcome={{ ok: false, message: failure }} />}
            <SchemaField control={form.control} name="newPassword" label="Nova senha" type="password" autoComplete="new-password" required />
            <SchemaField control={form.control} name="confirmPassword" label="Confirmar senha" type="password" autoComplete="new-password" required />
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              {accept.isPending && <Spinner label="Entrando" />}
              Criar senha e entrar
            </Button>
          </form>
        </Form>
      )}
    </BrandedLoginPage>
  )
}
