import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { UploadIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { FileField, RequiredMark, TextareaField, TextField } from '@/components/data'
import { useUploadVersion } from '../../api/versions'
import { ROBOT_FILE_ACCEPT } from '../../file-rules'
import { renameServerFields } from '@/lib/server-fields'
import { versionNumber, versionUploadDefaults, versionUploadSchema, type VersionUploadValues } from '../../schemas/version-form'

const UPLOAD_FAILED = 'Não foi possível enviar a versão.'

/** The three version inputs: numeric, 0 to 999. */
const partProps = { type: 'number', inputMode: 'numeric', min: 0, max: 999, step: 1, autoComplete: 'off' } as const

/**
 * Uploads a new version: principal.secundária.correção, i.e. major.minor.patch (prefilled with the server's suggestion), the .ex5 or .zip file and
 * optional notes. The caller remounts it (key) once the list changed, which starts it afresh.
 */
export function VersionUploadForm({ robotId, suggestedVersion }: { robotId: string; suggestedVersion: string }) {
  const form = useForm<VersionUploadValues>({ resolver: zodResolver(versionUploadSchema), defaultValues: versionUploadDefaults(suggestedVersion) })
  const upload = useUploadVersion()

  const submit = form.handleSubmit((values) =>
    upload.mutate(
      { robotId, version: versionNumber(values), file: values.file!, notes: values.notes.trim() },
      {
        onSuccess: (version) =>
          toast({
            title: 'Versão enviada',
            description: version.active ? `A versão ${version.version} está ativa para os clientes.` : `Versão ${version.version} enviada. Ative-a quando quiser liberá-la.`,
          }),
        onError: (error) => {
          // The server judges the number as one `version`; its message goes under the first part (major).
          const description = applyServerErrors(form, renameServerFields(error, { version: 'major' }), UPLOAD_FAILED)
          // 413: the file is too large, or the tenant's storage is full ("Limite de armazenamento atingido: …").
          // That concerns the file, and the message stays under it after the toast has gone.
          if (error instanceof ApiError && error.status === 413) {
            form.setError('file', { type: 'server', message: errorMessage(error, UPLOAD_FAILED) }, { shouldFocus: true })
          }
          toast({ variant: 'destructive', title: 'Erro ao fazer upload', description })
        },
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Enviar nova versão">
        <fieldset className="grid gap-2">
          <legend className="mb-2 flex gap-1 text-sm font-medium">
            Versão
            <RequiredMark />
          </legend>
          <div className="grid grid-cols-3 gap-3 sm:max-w-md">
            <TextField control={form.control} name="major" label="Principal" required {...partProps} />
            <TextField control={form.control} name="minor" label="Secundária" placeholder="0" {...partProps} />
            <TextField control={form.control} name="patch" label="Correção" placeholder="0" {...partProps} />
          </div>
          <p className="text-xs text-muted-foreground">Secundária e Correção em branco valem 0.</p>
        </fieldset>
        <div className="sm:max-w-md">
          <FileField control={form.control} name="file" label="Arquivo" accept={ROBOT_FILE_ACCEPT} required description=".ex5 ou .zip, até 50MB." disabled={upload.isPending} />
        </div>
        <TextareaField control={form.control} name="notes" label="Notas" description="O que mudou nesta versão (os clientes veem junto ao download)." />
        <div>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? <Spinner label="Enviando" /> : <UploadIcon aria-hidden />}
            {upload.isPending ? 'Enviando…' : 'Enviar Versão'}
          </Button>
        </div>
      </form>
    </Form>
  )
}
