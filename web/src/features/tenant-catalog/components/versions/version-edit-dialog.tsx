import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { FileField, FormDialog, FormDialogFooter, TextareaField } from '@/components/data'
import { useUpdateVersion, type VersionItem } from '../../api/versions'
import { ROBOT_FILE_ACCEPT } from '../../file-rules'
import { versionEditSchema, type VersionEditValues } from '../../schemas/version-form'

interface VersionEditDialogProps {
  robotId: string
  /** The version to edit; null while closed. */
  version: VersionItem | null
  onOpenChange: (open: boolean) => void
}

/** Edits a version's notes, or replaces its file (keeping its number). */
export function VersionEditDialog({ robotId, version, onOpenChange }: VersionEditDialogProps) {
  return (
    <FormDialog
      open={version !== null}
      onOpenChange={onOpenChange}
      title={version ? `Editar versão ${version.version}` : 'Editar versão'}
      description="Altere as notas ou substitua o arquivo desta versão."
    >
      {version && <VersionEditForm key={version.id} robotId={robotId} version={version} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function VersionEditForm({ robotId, version, onDone }: { robotId: string; version: VersionItem; onDone: () => void }) {
  const form = useForm<VersionEditValues>({ resolver: zodResolver(versionEditSchema), defaultValues: { notes: version.notes ?? '', file: null } })
  const update = useUpdateVersion()

  const submit = form.handleSubmit(({ notes, file }) =>
    update.mutate(
      { robotId, versionId: version.id, notes: notes.trim(), file },
      {
        onSuccess: () => {
          toast({ title: file ? 'Versão atualizada' : 'Notas atualizadas' })
          onDone()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: file ? 'Erro ao atualizar versão' : 'Erro ao atualizar notas',
            description: applyServerErrors(form, error, 'Não foi possível salvar a versão.'),
          }),
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextareaField control={form.control} name="notes" id="version-edit-notes" label="Notas" rows={4} />
        <FileField
          control={form.control}
          name="file"
          id="version-edit-file"
          label="Substituir arquivo"
          accept={ROBOT_FILE_ACCEPT}
          description={`Opcional. Atual: ${version.originalFileName}. .ex5 ou .zip, até 50MB.`}
          disabled={update.isPending}
        />
        <FormDialogFooter editing pending={update.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
