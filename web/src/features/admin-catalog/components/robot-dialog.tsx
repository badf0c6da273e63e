import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useCreateRobot, useUpdateRobot, type RobotItem } from '../api/robots'
import { activeChoices } from '../active-choices'
import { ROBOT_PLATFORMS, robotFormDefaults, robotFormSchema, robotPayload, type RobotFormValues } from '../robot-form'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { SelectField, TextareaField, TextField } from '@/components/data'

const platformChoices = ROBOT_PLATFORMS.map((platform) => ({ value: platform, label: platform }))

/** Create (`robot` null) or edit a robot. A robot's tenant is chosen once, at creation. */
export function RobotDialog({ open, onOpenChange, robot }: { open: boolean; onOpenChange: (open: boolean) => void; robot: RobotItem | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">{open && <RobotForm robot={robot} close={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  )
}

function RobotForm({ robot, close }: { robot: RobotItem | null; close: () => void }) {
  const form = useForm<RobotFormValues>({ resolver: zodResolver(robotFormSchema), defaultValues: robotFormDefaults(robot) })
  const tenants = useTenantOptions()
  const create = useCreateRobot()
  const update = useUpdateRobot()
  const saving = create.isPending || update.isPending
  // The robot's own tenant, even when it is not among the options loaded (more than 100 tenants).
  const tenantChoices =
    robot && !tenants.options.some((option) => option.value === robot.tenantId)
      ? [{ value: robot.tenantId, label: robot.tenant.name }, ...tenants.options]
      : tenants.options

  const submit = form.handleSubmit((values) => {
    const body = robotPayload(values)
    const onError = (error: unknown) =>
      toast({
        variant: 'destructive',
        title: robot ? 'Erro ao atualizar robô' : 'Erro ao criar robô',
        description: applyServerErrors(form, error, 'Tente novamente.'),
      })
    const onSuccess = () => {
      toast({ title: robot ? 'Robô atualizado' : 'Robô criado' })
      close()
    }
    if (robot) update.mutate({ id: robot.id, body }, { onSuccess, onError })
    else create.mutate(body, { onSuccess, onError })
  })

  return (
    <>
      <DialogHeader>
        <DialogTitle>{robot ? 'Editar robô' : 'Novo robô'}</DialogTitle>
        <DialogDescription>{robot ? `Altere os dados de ${robot.name}.` : 'Cadastre um Expert Advisor para um tenant.'}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <SelectField
            control={form.control}
            name="tenantId"
            label="Tenant"
            required
            disabled={!!robot}
            options={tenantChoices}
            placeholder={tenants.isLoading ? 'Carregando tenants…' : 'Selecione o tenant'}
            description={robot ? 'O tenant de um robô não pode ser alterado.' : undefined}
          />
          <TextField control={form.control} name="name" label="Nome" required autoComplete="off" />
          <TextField control={form.control} name="logoUrl" label="URL do logo" placeholder="https://…" autoComplete="off" />
          <TextareaField control={form.control} name="description" label="Descrição" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField control={form.control} name="platform" label="Plataforma" required options={platformChoices} />
            <TextField control={form.control} name="version" label="Versão" required autoComplete="off" />
          </div>
          <TextField control={form.control} name="filePath" label="Caminho do arquivo" placeholder="robots/meu-robo.ex5" autoComplete="off" />
          <SelectField control={form.control} name="active" label="Status" required options={activeChoices} />
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {robot ? 'Salvar' : 'Criar robô'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
