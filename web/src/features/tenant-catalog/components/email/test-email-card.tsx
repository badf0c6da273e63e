import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { SelectField, TextField } from '@/components/data'
import { useSendTestEmail } from '../../api/email'
import { templateChoices, testEmailSchema, type TestEmailValues } from '../../schemas/email-form'

/** Sends one template, filled with example values, to an address; only with the tenant's own key configured. */
export function TestEmailCard({ hasApiKey }: { hasApiKey: boolean }) {
  const form = useForm<TestEmailValues>({ resolver: zodResolver(testEmailSchema), defaultValues: { templateType: 'welcome', testEmail: '' } })
  const send = useSendTestEmail()

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: ({ message }) => toast({ title: 'E-mail de teste enviado', description: message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao enviar e-mail de teste',
          description: applyServerErrors(form, error, 'Não foi possível enviar o e-mail de teste.'),
        }),
    }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">E-mail de teste</h2>
        </CardTitle>
        <CardDescription>
          {hasApiKey ? 'Confira como um template chega à caixa de entrada, com dados de exemplo.' : 'Configure a chave da API para enviar um e-mail de teste.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)_auto] sm:items-start">
            <SelectField control={form.control} name="templateType" label="Template" options={templateChoices} disabled={!hasApiKey} />
            <TextField control={form.control} name="testEmail" label="Enviar para" type="email" autoComplete="email" required disabled={!hasApiKey} />
            <Button type="submit" disabled={!hasApiKey || send.isPending} className="sm:mt-[1.375rem]">
              {send.isPending ? <Spinner label="Enviando" /> : <SendIcon aria-hidden />}
              Enviar teste
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
