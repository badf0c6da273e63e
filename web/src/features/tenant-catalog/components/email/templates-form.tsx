import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form'
import { Switch } from '@/components/ui/switch'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { emailTemplateDefaultsQuery, useSaveEmailTemplates, type EmailTemplatesItem, type TemplateKey } from '../../api/email'
import { TEMPLATE_KEYS, templatesSchema, type TemplatesValues } from '../../schemas/email-form'
import { TemplateEditor } from './template-editor'

function valuesOf(item: EmailTemplatesItem): TemplatesValues {
  const { templates } = item
  return {
    welcome: templates.welcome ?? '',
    saleConfirmation: templates.saleConfirmation ?? '',
    passwordReset: templates.passwordReset ?? '',
    subscriptionConfirmation: templates.subscriptionConfirmation ?? '',
    newVersion: templates.newVersion ?? '',
    newVersionOn: !item.switchedOff.includes('newVersion'),
  }
}

/**
 * The e-mail templates, saved together. "Restaurar padrão" puts the platform's default in the editor
 * (saved with the rest; a template equal to the default stops being the tenant's own). "Nova versão" has a switch:
 * off, buyers are not e-mailed when a version is published.
 */
export function TemplatesForm({ item }: { item: EmailTemplatesItem }) {
  const form = useForm<TemplatesValues>({ resolver: zodResolver(templatesSchema), defaultValues: valuesOf(item) })
  const save = useSaveEmailTemplates()
  const queryClient = useQueryClient()
  const [restoring, setRestoring] = React.useState<TemplateKey | null>(null)

  const restore = async (key: TemplateKey) => {
    setRestoring(key)
    try {
      // Fetched on first use and kept: the defaults only change with a deploy.
      const defaults = await queryClient.fetchQuery(emailTemplateDefaultsQuery())
      form.setValue(key, defaults[key] ?? '', { shouldDirty: true, shouldValidate: true })
    } catch (error) {
      toast({ variant: 'destructive', title: 'Erro ao carregar templates padrão', description: errorMessage(error, 'Tente novamente.') })
    } finally {
      setRestoring(null)
    }
  }

  const submit = form.handleSubmit(({ newVersionOn, ...templates }) =>
    save.mutate({ ...templates, switchedOff: newVersionOn ? [] : ['newVersion'] }, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved))
        toast({ title: 'Templates salvos' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao atualizar templates',
          description: applyServerErrors(form, error, 'Não foi possível salvar os templates.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6">
        {TEMPLATE_KEYS.map((key) => (
          <TemplateEditor
            key={key}
            control={form.control}
            name={key}
            variables={item.variables[key] ?? []}
            customized={item.customized.includes(key)}
            onRestore={() => void restore(key)}
            restoring={restoring === key}
            switch={
              key === 'newVersion' ? (
                <FormField
                  control={form.control}
                  name="newVersionOn"
                  render={({ field }) => (
                    <FormItem className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <FormControl>
                        <Switch ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                      </FormControl>
                      <FormLabel className="font-normal">Enviar o e-mail “Nova versão”</FormLabel>
                      <FormDescription className="basis-full">
                        Ao ativar uma versão, cada comprador com licença ativa recebe este e-mail uma vez.
                      </FormDescription>
                    </FormItem>
                  )}
                />
              ) : undefined
            }
          />
        ))}
        {/* Kept in view while scrolling through the templates. */}
        <div className="sticky bottom-0 flex justify-end border-t bg-background/95 py-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
            Salvar templates
          </Button>
        </div>
      </form>
    </Form>
  )
}
