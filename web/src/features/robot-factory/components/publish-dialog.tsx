import { useId, useState, type FormEvent } from 'react'
import { RocketIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { FormDialog } from '@/components/data'
import { errorMessage } from '@/lib/api/client'
import { usePublishProject } from '../api/projects'
import type { ProjectVersion, VersionType } from '../api/types'
import { DEFAULT_VERSION_TYPE, versionTypeOptions } from '../publish-form'

/** Publishes `version` (the latest that compiled) as the robot's next major, minor or patch version. */
export function PublishDialog({
  projectId,
  version,
  open,
  onOpenChange,
}: {
  projectId: string
  version: ProjectVersion
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Publicar Robô"
      description={`A versão ${version.version} do projeto passa a ser oferecida aos seus clientes.`}
    >
      {open && <PublishForm projectId={projectId} version={version} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function PublishForm({ projectId, version, onDone }: { projectId: string; version: ProjectVersion; onDone: () => void }) {
  const [versionType, setVersionType] = useState<VersionType>(DEFAULT_VERSION_TYPE)
  const publish = usePublishProject(projectId)
  const id = useId()
  const chosen = versionTypeOptions.find((option) => option.value === versionType)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    publish.mutate(
      { versionId: version.id, versionType },
      {
        onSuccess: (result) => {
          toast({ title: 'Robô publicado', description: `Versão ${result.version} disponível para clientes` })
          onDone()
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao publicar robô', description: errorMessage(error, 'Tente novamente.') }),
      },
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Publicar robô">
      <div className="grid gap-2">
        <Label htmlFor={id}>Tipo de versão</Label>
        <Select value={versionType} onValueChange={(value) => setVersionType(value as VersionType)}>
          <SelectTrigger id={id} aria-describedby={`${id}-explanation`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {versionTypeOptions.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-explanation`} className="text-sm text-muted-foreground">
          {chosen?.explanation}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={publish.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? <Spinner aria-hidden /> : <RocketIcon aria-hidden />}
          Publicar
        </Button>
      </DialogFooter>
    </form>
  )
}
