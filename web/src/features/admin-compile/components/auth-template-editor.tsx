import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon, Undo2Icon } from 'lucide-react'
import { StatusBadge, TextField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Switch } from '@/components/ui/switch'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/format'
import { applyServerErrors } from '@/lib/forms'
import { useUpdateAuthTemplate, type AuthTemplate } from '../api/auth-template'
import { authTemplateChanges, authTemplateSchema, authTemplateValues, type AuthTemplateValues } from '../auth-template-form'
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard'
import { TemplateCodeField } from './template-code-field'
import { TemplatePreview } from './template-preview'
import { TemplateVariables } from './template-variables'

/**
 * The authentication template's form (name, version, active, code) beside the variables it may use, and the preview
 * of the code being edited. Saving sends only what changed; Salvar waits until something has.
 */
export function AuthTemplateEditor({ template }: { template: AuthTemplate }) {
  const form = useForm<AuthTemplateValues>({ resolver: zodResolver(authTemplateSchema), defaultValues: authTemplateValues(template) })
  const templateCode = useWatch({ control: form.control, name: 'templateCode' })
  const { isDirty } = form.formState
  const update = useUpdateAuthTemplate()

  const submit = form.handleSubmit((values) => {
    const changes = authTemplateChanges(template, values)
    // Only spaces around the name or version changed: nothing to store.
    if (Object.keys(changes).length === 0) return form.reset(authTemplateValues(template))
    update.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(authTemplateValues(saved))
        toast({ title: 'Template salvo com sucesso!' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao salvar template',
          description: applyServerErrors(form, error, 'Não foi possível salvar o template.'),
        }),
    })
  })

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <UnsavedChangesGuard active={isDirty} />
      <div className="grid min-w-0 gap-6">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <h2>{template.name}</h2>
              <StatusBadge tone={template.isActive ? 'success' : 'warning'}>{template.isActive ? 'Ativo' : 'Inativo'}</StatusBadge>
            </CardTitle>
            <CardDescription>
              Versão atual <strong className="font-medium text-foreground">{template.version}</strong> · Atualizado em {formatDateTime(template.updatedAt)}
            </CardDescription>
          </CardHeader>
          <Form {...form}>
            <form onSubmit={submit} noValidate aria-label="Template de autenticação" className="grid gap-4">
              <CardContent className="grid gap-4">
                <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
                  <TextField control={form.control} name="name" label="Nome" required autoComplete="off" />
                  <TextField control={form.control} name="version" label="Versão" required autoComplete="off" placeholder="1.0.0" />
                </div>
                <FormField
                  control={form.control}
                  name="isActive"
                  render={({ field }) => (
                    <FormItem className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <FormControl>
                        <Switch ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                      </FormControl>
                      <FormLabel className="font-normal">Template ativo</FormLabel>
                      <FormDescription className="basis-full">
                        Ativo: os robôs compilados recebem este template. Inativo: recebem o template padrão da plataforma até você ativá-lo de novo
                        (útil enquanto corrige um template com problema).
                      </FormDescription>
                      <FormMessage className="basis-full" />
                    </FormItem>
                  )}
                />
                <TemplateCodeField control={form.control} />
              </CardContent>
              <CardFooter className="flex-wrap justify-end gap-2">
                {isDirty && <span className="mr-auto text-sm text-muted-foreground">Alterações não salvas</span>}
                <Button variant="outline" onClick={() => form.reset(authTemplateValues(template))} disabled={!isDirty || update.isPending}>
                  <Undo2Icon aria-hidden />
                  Descartar alterações
                </Button>
                <Button type="submit" disabled={!isDirty || update.isPending}>
                  {update.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
                  Salvar
                </Button>
              </CardFooter>
            </form>
          </Form>
        </Card>
        <TemplatePreview templateCode={templateCode} />
      </div>
      <TemplateVariables />
    </div>
  )
}
