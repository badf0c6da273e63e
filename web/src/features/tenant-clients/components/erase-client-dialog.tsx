import * as React from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Trash2Icon } from 'lucide-react'
import { FormDialog, TextField } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import type { ClientItem } from '../api/clients'
import { erasureSummary, exportClientData, useEraseClient } from '../api/erasure'
import { confirmsEmail, eraseClientSchema, type EraseClientValues } from '../schemas/erase-client-form'

interface EraseClientDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  client: ClientItem
}

/**
 * Erases a client's personal data at their request (LGPD). The dialog says what happens, asks for the client's
 * e-mail, downloads the export first (the tenant keeps what it handed over) and then erases.
 */
export function EraseClientDialog({ open, onOpenChange, client }: EraseClientDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apagar dados do cliente"
      description={`Apaga os dados pessoais de ${client.name} a pedido do titular (LGPD).`}
    >
      <EraseClientForm key={client.id} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

/** What the erasure does, in the order it happens. */
function Consequences() {
  return (
    <div className="grid gap-2 text-sm">
      <p className="font-medium">O que acontece:</p>
      <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
        <li>Primeiro, os dados do cliente são baixados em um arquivo JSON (exportação LGPD), para você entregar ao titular.</li>
        <li>Nome, e-mail, telefone e senha são removidos, e o acesso do cliente ao portal termina.</li>
        <li>As licenças do cliente são canceladas.</li>
        <li>Dados da Hotmart, e-mails enviados e registros de verificação de licença que identificam a pessoa são anonimizados.</li>
        <li>Os valores e as datas das vendas são mantidos, para a contabilidade.</li>
      </ol>
      <p className="font-medium text-destructive">Esta ação não pode ser desfeita.</p>
    </div>
  )
}

/** A failure that is not about the typed e-mail (no permission, already erased, export failed, server busy). */
interface Failure {
  title: string
  message: string
}

function EraseClientForm({ client, onDone }: { client: ClientItem; onDone: () => void }) {
  const form = useForm<EraseClientValues>({ resolver: zodResolver(eraseClientSchema), defaultValues: { confirmEmail: '' } })
  const typed = useWatch({ control: form.control, name: 'confirmEmail' })
  const erase = useEraseClient()
  const [exporting, setExporting] = React.useState(false)
  // Once downloaded, a second try (after a typo the server refused) does not download the export again.
  const [exported, setExported] = React.useState(false)
  const [failure, setFailure] = React.useState<Failure | null>(null)
  const pending = exporting || erase.isPending
  const confirmed = confirmsEmail(typed, client.email)

  const submit = form.handleSubmit(async (values) => {
    if (!confirmed) return
    setFailure(null)
    if (!exported) {
      setExporting(true)
      try {
        await exportClientData(client.id)
        setExported(true)
      } catch (error) {
        setFailure({ title: 'Não foi possível baixar a exportação. Nada foi apagado.', message: errorMessage(error, 'Tente novamente.') })
        return
      } finally {
        setExporting(false)
      }
    }
    erase.mutate(
      { clientId: client.id, confirmEmail: values.confirmEmail.trim() },
      {
        onSuccess: (done) => {
          toast({ title: 'Dados do cliente apagados', description: `${erasureSummary(done)}. A exportação foi baixada.` })
          onDone()
        },
        onError: (error) => {
          const summary = applyServerErrors(form, error, 'Não foi possível apagar os dados do cliente.')
          const onTheField = error instanceof ApiError && 'confirmEmail' in error.fields
          if (!onTheField) setFailure({ title: 'Os dados não foram apagados', message: summary })
        },
      },
    )
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Apagar dados do cliente">
        <Consequences />
        <TextField
          control={form.control}
          name="confirmEmail"
          label="Digite o e-mail do cliente para confirmar"
          description={
            <>
              Digite <span className="font-mono text-foreground">{client.email}</span>
            </>
          }
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
        />
        {failure && (
          <Alert variant="destructive">
            <AlertTitle>{failure.title}</AlertTitle>
            <AlertDescription>{failure.message}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" variant="destructive" disabled={!confirmed || pending}>
            {pending ? <Spinner label={exporting ? 'Baixando exportação' : 'Apagando'} /> : <Trash2Icon aria-hidden />}
            Baixar exportação e apagar
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
