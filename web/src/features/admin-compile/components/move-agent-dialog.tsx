import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { FormDialog, FormDialogFooter, SelectField } from '@/components/data'
import { Form } from '@/components/ui/form'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { useMoveAgent, type AgentItem } from '../api/compile-agents'
import { compilePoolsQuery } from '../api/compile-pools'
import { poolChoices, poolNameOf } from '../labels'

/** The server's message (compile_agents.rs). */
const moveAgentSchema = z.object({ poolId: z.string().min(1, 'Escolha um pool') })

type MoveAgentValues = z.infer<typeof moveAgentSchema>

/**
 * Moves an agent to another pool; from its next claim it takes only that pool's tenants' jobs (a job it is compiling
 * now finishes). The agent stays set while the dialog closes, so its text does not change mid-animation.
 */
export function MoveAgentDialog({ open, agent, onOpenChange }: { open: boolean; agent: AgentItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Mover ${agent?.name ?? 'agente'} para outro pool`}
      description="A partir do próximo job, o agente só compila os jobs dos tenants do pool escolhido."
    >
      {open && agent && <MoveAgentForm agent={agent} close={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function MoveAgentForm({ agent, close }: { agent: AgentItem; close: () => void }) {
  const pools = useQuery(compilePoolsQuery())
  const form = useForm<MoveAgentValues>({ resolver: zodResolver(moveAgentSchema), defaultValues: { poolId: agent.poolId } })
  const move = useMoveAgent()

  const submit = form.handleSubmit(({ poolId }) =>
    move.mutate(
      { id: agent.id, poolId },
      {
        onSuccess: () => {
          const pool = poolNameOf(pools.data, poolId)
          toast({ title: 'Agente movido', description: pool ? `${agent.name} agora atende o pool ${pool}.` : undefined })
          close()
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Erro ao mover agente', description: applyServerErrors(form, error, 'Tente novamente.') }),
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <SelectField
          control={form.control}
          name="poolId"
          label="Pool"
          required
          options={poolChoices(pools.data)}
          placeholder={pools.isPending ? 'Carregando pools…' : 'Selecione'}
          disabled={pools.isPending}
          description={pools.isError ? 'Não foi possível carregar os pools. Feche e abra de novo para tentar outra vez.' : undefined}
        />
        <FormDialogFooter editing pending={move.isPending} onCancel={close} />
      </form>
    </Form>
  )
}
