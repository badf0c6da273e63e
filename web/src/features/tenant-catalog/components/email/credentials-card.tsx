import * as React from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon, Trash2Icon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { ConfirmDialog, StatusBadge, TextField } from '@/components/data'
import { useSaveEmailSettings, type EmailSettingsItem } from '../../api/email'
import { credentialsSchema, type CredentialsValues } from '../../schemas/email-form'

/**
 * The tenant's Resend credentials. The key is write-only: the screen only knows whether one is stored, never
 * shows it, and a blank key field keeps the stored one.
 */
export function CredentialsCard({ settings }: { settings: EmailSettingsItem }) {
  const form = useForm<CredentialsValues>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { resendApiKey: '', resendDomain: settings.resendDomain ?? '' },
  })
  const save = useSaveEmailSettings()
  const [confirmRemoval, setConfirmRemoval] = React.useState(false)

  const submit = form.handleSubmit(({ resendApiKey, resendDomain }) =>
    save.mutate(
      // The domain always goes (blank removes it); the key only when one was typed.
      { resendApiKey: resendApiKey || null, resendDomain },
      {
        onSuccess: (saved) => {
          form.reset({ resendApiKey: '', resendDomain: saved.resendDomain ?? '' })
          toast({ title: 'Credenciais salvas' })
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Erro ao atualizar credenciais',
            description: applyServerErrors(form, error, 'Não foi possível salvar as credenciais.'),
          }),
      },
    ),
  )

  const removeKey = () =>
    save.mutate(
      { removeApiKey: true },
      {
        onSuccess: () => {
          setConfirmRemoval(false)
          toast({ title: 'Chave removida', description: 'Os e-mails passam a sair pelo serviço da plataforma.' })
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao atualizar credenciais', description: errorMessage(error, 'Tente novamente.') }),
      },
    )

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg">Resend</h2>
          <StatusBadge tone={settings.hasApiKey ? 'success' : 'warning'}>{settings.hasApiKey ? 'Configurada' : 'Não configurada'}</StatusBadge>
        </CardTitle>
        <CardDescription>Envie os e-mails aos seus clientes com a sua conta do Resend e o seu domínio.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DeliveryNotice delivery={settings.delivery} />
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <TextField
              control={form.control}
              name="resendApiKey"
              label="Chave da API"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              placeholder={settings.hasApiKey ? '•••••••• (chave guardada)' : 're_...'}
              description={
                settings.hasApiKey ? 'Por segurança a chave não é exibida. Deixe em branco para manter a atual.' : 'A chave começa com re_.'
              }
            />
            <TextField
              control={form.control}
              name="resendDomain"
              label="Domínio de envio"
              placeholder="mail.seudominio.com.br"
              autoComplete="off"
              description="O domínio verificado no Resend. Em branco, nenhum."
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
                Salvar
              </Button>
              {settings.hasApiKey && (
                <Button variant="outline" onClick={() => setConfirmRemoval(true)} disabled={save.isPending}>
                  <Trash2Icon aria-hidden />
                  Remover chave
                </Button>
              )}
            </div>
          </form>
        </Form>
      </CardContent>
      <ConfirmDialog
        open={confirmRemoval}
        onOpenChange={setConfirmRemoval}
        title="Remover a chave da API?"
        description="Os e-mails deixam de sair pela sua conta do Resend. Para voltar, será preciso informar a chave de novo."
        confirmLabel="Remover chave"
        pending={save.isPending}
        onConfirm={removeKey}
      />
    </Card>
  )
}

/** How mail leaves now, said plainly: nothing pretends to be delivered when nothing can be. */
export function DeliveryNotice({ delivery }: { delivery: EmailSettingsItem['delivery'] }) {
  if (delivery === 'own') return null
  if (delivery === 'platform') {
    return (
      <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
        Sem chave própria, seus e-mails saem pelo serviço da plataforma, com o nome da sua empresa e limites diários de envio.
      </p>
    )
  }
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
      <strong>Nenhum e-mail é entregue</strong> enquanto um remetente não for configurado: acessos de compradores, convites
      da equipe e redefinições de senha ficam registrados como &quot;não enviado&quot;. Cadastre a chave do Resend abaixo.
    </p>
  )
}
