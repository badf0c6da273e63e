import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { PlugZapIcon, Trash2Icon } from 'lucide-react'
import { ConfirmDialog, StatusBadge, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { hotmartApiQuery, useRemoveHotmartApi, useSaveHotmartApi, type HotmartApiSettingsItem } from '../../api/hotmart-api'

const required = (message: string) => z.string().trim().min(1, message).max(500, 'Valor longo demais (máximo 500 caracteres)')

export const hotmartApiSchema = z.object({
  clientId: required('Client ID é obrigatório'),
  clientSecret: required('Client Secret é obrigatório'),
  basicToken: required('Token Basic é obrigatório'),
})
type HotmartApiValues = z.infer<typeof hotmartApiSchema>
const EMPTY: HotmartApiValues = { clientId: '', clientSecret: '', basicToken: '' }

/**
 * API da Hotmart: the credentials with which a client's cancellation in the portal reaches Hotmart (which then stops
 * charging). Write-only: the screen shows whether they are stored and how the client id begins, never the values.
 * Without them, clients are told to cancel at Hotmart themselves. `canManage` false (a role that may only look)
 * shows the status alone.
 */
export function HotmartApiCard({ canManage = true }: { canManage?: boolean }) {
  const query = useQuery(hotmartApiQuery())
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg">API da Hotmart</h2>
          {query.isSuccess && (
            <StatusBadge tone={query.data.configured ? 'success' : 'secondary'}>{query.data.configured ? 'Configurado' : 'Não configurado'}</StatusBadge>
          )}
        </CardTitle>
        <CardDescription>
          Com as credenciais da sua conta Hotmart (Ferramentas › Credenciais Developers), quando um cliente cancela uma assinatura no
          portal o cancelamento é feito também na Hotmart, que deixa de cobrar. Sem elas, o cliente é orientado a cancelar na Hotmart e
          você é avisado.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isSuccess ? (
          canManage ? (
            <CredentialsForm settings={query.data} />
          ) : (
            <p className="text-sm text-muted-foreground">Somente um administrador da conta pode alterar estas credenciais.</p>
          )
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar a configuração da Hotmart.')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando API da Hotmart">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function CredentialsForm({ settings }: { settings: HotmartApiSettingsItem }) {
  const form = useForm<HotmartApiValues>({ resolver: zodResolver(hotmartApiSchema), defaultValues: EMPTY })
  const save = useSaveHotmartApi()
  const remove = useRemoveHotmartApi()
  const [confirmRemoval, setConfirmRemoval] = React.useState(false)

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY)
        toast({ title: 'Credenciais da Hotmart salvas', description: 'A Hotmart aceitou as credenciais. Os cancelamentos passam a chegar lá.' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao salvar credenciais da Hotmart',
          description: applyServerErrors(form, error, 'Não foi possível salvar as credenciais.'),
        }),
    }),
  )

  const removeCredentials = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmRemoval(false)
        toast({ title: 'Credenciais da Hotmart removidas', description: 'Os clientes passam a ser orientados a cancelar na Hotmart.' })
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Erro ao remover credenciais da Hotmart', description: errorMessage(error, 'Tente novamente.') }),
    })

  const secret = { type: 'password', autoComplete: 'new-password', spellCheck: false } as const
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Credenciais da API da Hotmart">
        {settings.configured && (
          <p className="text-sm text-muted-foreground" data-testid="hotmart-api-stored">
            Credenciais guardadas{settings.clientIdPrefix ? ` (Client ID ${settings.clientIdPrefix}…)` : ''}. Por segurança elas não são
            exibidas; para trocá-las, informe as três de novo.
          </p>
        )}
        <TextField control={form.control} name="clientId" label="Client ID" required autoComplete="off" spellCheck={false} />
        <TextField control={form.control} name="clientSecret" label="Client Secret" required {...secret} />
        <TextField
          control={form.control}
          name="basicToken"
          label="Token Basic"
          required
          {...secret}
          description="O token do tipo Basic gerado junto com as credenciais (com ou sem a palavra Basic)."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Conferindo com a Hotmart" /> : <PlugZapIcon aria-hidden />}
            {save.isPending ? 'Conferindo com a Hotmart…' : settings.configured ? 'Trocar credenciais' : 'Conectar à Hotmart'}
          </Button>
          {settings.configured && (
            <Button variant="outline" onClick={() => setConfirmRemoval(true)} disabled={remove.isPending}>
              <Trash2Icon aria-hidden />
              Remover credenciais
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemoval}
        onOpenChange={setConfirmRemoval}
        title="Remover as credenciais da Hotmart?"
        description="Os cancelamentos feitos no portal deixam de chegar à Hotmart: os clientes serão orientados a cancelar lá, e você será avisado de cada pedido."
        confirmLabel="Remover credenciais"
        pending={remove.isPending}
        onConfirm={removeCredentials}
      />
    </Form>
  )
}
