import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormDialog, FormDialogFooter, SelectField, TextField } from '@/components/data'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useRegisterAgent, type RegisteredAgent } from '../api/compile-agents'
import { compilePoolsQuery } from '../api/compile-pools'
import { registerAgentDefaults, registerAgentPayload, registerAgentSchema, type RegisterAgentValues } from '../agent-form'
import { choices } from '@/lib/labels'
import { agentPlatformLabels, poolChoices } from '../labels'

const platformChoices = choices(agentPlatformLabels)

/** Registers a compile agent; `onRegistered` receives the answer with the token, to show it once. */
export function RegisterAgentDialog({
  open,
  onOpenChange,
  onRegistered,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onRegistered: (registered: RegisteredAgent) => void
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Registrar agente" description="Um agente compila os robôs no MetaEditor, em Windows ou Wine.">
      {/* Mounted only while open: each opening starts from an empty form. */}
      {open && <RegisterAgentForm close={() => onOpenChange(false)} onRegistered={onRegistered} />}
    </FormDialog>
  )
}

function RegisterAgentForm({ close, onRegistered }: { close: () => void; onRegistered: (registered: RegisteredAgent) => void }) {
  const pools = useQuery(compilePoolsQuery())
  // The default pool is chosen when the pools are known already (the page loads them); else '' lets the server pick it.
  const defaultPoolId = pools.data?.find((pool) => pool.servesAllTenants)?.id
  const form = useForm<RegisterAgentValues>({ resolver: zodResolver(registerAgentSchema), defaultValues: registerAgentDefaults(defaultPoolId) })
  const register = useRegisterAgent()

  const submit = form.handleSubmit((values) =>
    register.mutate(registerAgentPayload(values), {
      onSuccess: (registered) => {
        close()
        onRegistered(registered)
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao registrar agente',
          description: applyServerErrors(form, error, 'Não foi possível registrar o agente.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField control={form.control} name="name" label="Nome" required autoComplete="off" placeholder="win-build-01" />
        <SelectField control={form.control} name="platform" label="Plataforma" required options={platformChoices} />
        <SelectField
          control={form.control}
          name="poolId"
          label="Pool"
          options={poolChoices(pools.data)}
          placeholder="Pool padrão"
          description="O agente compila os jobs dos tenants deste pool."
        />
        <FormDialogFooter editing={false} pending={register.isPending} onCancel={close} />
      </form>
    </Form>
  )
}
