import { useState } from 'react'
import { z } from 'zod'
import { FormOutcomeAlert, type FormOutcome } from '@/components/auth/form-outcome'
import { SchemaField, useSchemaForm } from '@/components/auth/schema-form'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { useChangeClientPassword, useClientProfile, useUpdateClientProfile, type ClientProfile } from '@/features/client-area/api/profile'
import { fieldSchema } from '@/lib/field-rules'
import { formatDate } from '@/lib/format'
import { applyServerErrors } from '@/lib/forms'

export const profileNameSchema = z.object({ name: fieldSchema('profileName') })

const confirmed = <T extends { newPassword: string; confirmPassword: string }>(values: T) => values.newPassword === values.confirmPassword
const mismatch = { path: ['confirmPassword'], message: 'As senhas não coincidem' }

/** Changing a password: the current one (the server checks it like a login), the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Senha atual é obrigatória'),
    newPassword: fieldSchema('newPassword'),
    confirmPassword: z.string().min(1, 'Confirme a nova senha'),
  })
  .refine(confirmed, mismatch)

/** A first password, for a buyer who only ever came in with a purchase id: there is no current one to give. */
export const firstPasswordSchema = z
  .object({ newPassword: fieldSchema('newPassword'), confirmPassword: z.string().min(1, 'Confirme a nova senha') })
  .refine(confirmed, mismatch)

function NameCard({ profile }: { profile: ClientProfile }) {
  const update = useUpdateClientProfile()
  const form = useSchemaForm(profileNameSchema, { name: profile.name })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)

  const submit = form.handleSubmit(({ name }) => {
    setOutcome(null)
    update.mutate(name, {
      onSuccess: (saved) => {
        form.reset({ name: saved.name })
        setOutcome({ ok: true, message: 'Nome atualizado.' })
      },
      onError: (error) => setOutcome({ ok: false, message: applyServerErrors(form, error, 'Erro ao atualizar perfil') }),
    })
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>Dados pessoais</CardTitle>
        <CardDescription>O e-mail é o da sua compra; para trocá-lo, fale com o vendedor.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="truncate font-medium">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Cliente desde</dt>
            <dd className="font-medium">{formatDate(profile.createdAt)}</dd>
          </div>
        </dl>
        {outcome && <FormOutcomeAlert outcome={outcome} />}
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Dados pessoais">
            <SchemaField control={form.control} name="name" label="Nome" autoComplete="name" />
            <Button type="submit" className="w-full sm:w-fit" disabled={update.isPending}>
              {update.isPending && <Spinner label="Salvando" />}
              Salvar nome
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}

type PasswordValues = { currentPassword?: string; newPassword: string; confirmPassword: string }

function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangeClientPassword()
  const form = useSchemaForm<PasswordValues>(hasPassword ? changePasswordSchema : firstPasswordSchema, {
    ...(hasPassword ? { currentPassword: '' } : {}),
    newPassword: '',
    confirmPassword: '',
  })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setOutcome(null)
    change.mutate(
      { currentPassword: hasPassword ? (currentPassword ?? null) : null, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset()
          // A first password remounts this card (the form then asks for the current one): the toast outlives it.
          toast({ title: 'Senha salva', description: message })
          setOutcome({ ok: true, title: 'Senha salva', message })
        },
        onError: (error) => setOutcome({ ok: false, message: applyServerErrors(form, error, 'Erro ao alterar senha') }),
      },
    )
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasPassword ? 'Alterar senha' : 'Criar senha'}</CardTitle>
        <CardDescription>
          {hasPassword
            ? 'Ao alterar a senha, as outras sessões abertas com a sua conta são encerradas; esta continua.'
            : 'Você entrou com o ID da compra. Crie uma senha para entrar também com e-mail e senha.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {outcome && <FormOutcomeAlert outcome={outcome} />}
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate aria-label={hasPassword ? 'Alterar senha' : 'Criar senha'}>
            {hasPassword && (
              <SchemaField control={form.control} name="currentPassword" label="Senha atual" type="password" autoComplete="current-password" />
            )}
            <SchemaField control={form.control} name="newPassword" label="Nova senha" type="password" autoComplete="new-password" />
            <SchemaField control={form.control} name="confirmPassword" label="Confirmar nova senha" type="password" autoComplete="new-password" />
            <Button type="submit" className="w-full sm:w-fit" disabled={change.isPending}>
              {change.isPending && <Spinner label="Salvando" />}
              {hasPassword ? 'Alterar senha' : 'Criar senha'}
            </Button>
          </form>
        </Form>
        {hasPassword && (
          <p className="text-sm text-muted-foreground">
            Não lembra a senha atual? Saia e use “Esqueci minha senha” na tela de entrada: enviamos um link para o seu e-mail.
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function ProfileContent() {
  const profile = useClientProfile()
  if (profile.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" data-testid="profile-skeleton" aria-hidden>
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  if (!profile.data) {
    return (
      <SectionError title="Erro ao carregar perfil" error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
    )
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <NameCard profile={profile.data} />
      {/* Remounted once a first password exists: from then on the form asks for the current one. */}
      <PasswordCard key={String(profile.data.hasPassword)} hasPassword={profile.data.hasPassword} />
    </div>
  )
}

/** /profile: the buyer's name and e-mail, renaming, and changing (or creating) the password. */
export function ClientProfilePage() {
  return (
    <div className="space-y-6">
      <PageHeading title="Meu perfil" description="Seus dados e sua senha de acesso" />
      <ProfileContent />
    </div>
  )
}
