import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { FormDialog } from '@/components/data'
import { useSendClientEmail, type ClientItem } from '../api/clients'
import { sendEmailSchema, type SendEmailValues } from '../schemas/send-email-form'
import { RobotPickerField } from '@/components/commerce/owner-pickers'

interface SendEmailDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  client: ClientItem
}

/** Sends the client the welcome e-mail (the tenant's template) about one robot: access data and download link. */
export function SendEmailDialog({ open, onOpenChange, client }: SendEmailDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Enviar E-mail" description={`Envie a ${client.email} o e-mail de boas-vindas de um robô.`}>
      <SendEmailForm key={client.id} clientId={client.id} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function SendEmailForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const form = useForm<SendEmailValues>({ resolver: zodResolver(sendEmailSchema), defaultValues: { robotId: '' } })
  const send = useSendClientEmail()
  const submit = form.handleSubmit((values) =>
    send.mutate(
      { clientId, robotId: values.robotId },
      {
        onSuccess: (sent) => {
          // Queued, not yet delivered: the title says so (a refusal comes back as a 429 with its reason).
          toast({ title: 'E-mail na fila de envio', description: sent.message })
          onDone()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao enviar e-mail', description: applyServerErrors(form, error, 'Não foi possível enviar o e-mail.') }),
      },
    ),
  )
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <RobotPickerField control={form.control} name="robotId" required />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={send.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? <Spinner label="Enviando" /> : <SendIcon aria-hidden />}
            Enviar
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
