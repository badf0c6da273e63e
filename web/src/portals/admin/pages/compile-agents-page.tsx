import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowRightLeftIcon, BanIcon, PlusIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { compileAgentsQuery, useRevokeAgent, type AgentItem, type RegisteredAgent } from '@/features/admin-compile/api/compile-agents'
import { compilePoolsQuery, type PoolItem } from '@/features/admin-compile/api/compile-pools'
import { formatHeartbeat, heartbeatAge, shortId } from '@/features/admin-compile/agent-format'
import { AgentTokenDialog } from '@/features/admin-compile/components/agent-token-dialog'
import { CompileQueueCard } from '@/features/admin-compile/components/compile-queue-card'
import { MoveAgentDialog } from '@/features/admin-compile/components/move-agent-dialog'
import { PlatformAlerts } from '@/features/admin-compile/components/platform-alerts'
import { PoolsCard } from '@/features/admin-compile/components/pools-card'
import { RegisterAgentDialog } from '@/features/admin-compile/components/register-agent-dialog'
import { labelOf, toneOf } from '@/lib/labels'
import { agentPlatformLabels, agentStateLabels, agentStateTones, poolNameOf } from '@/features/admin-compile/labels'
import { ConfirmDialog, ListTable, StatusBadge } from '@/components/data'

const columns = [
  { label: 'Nome' },
  { label: 'Plataforma' },
  { label: 'Pool' },
  { label: 'Estado' },
  { label: 'Último heartbeat' },
  { label: 'Job atual' },
  { label: 'Concluídos', className: 'text-right' },
  { label: 'Falhas', className: 'text-right' },
  { label: 'Token' },
  { label: 'Status' },
  { label: 'Ações', srOnly: true },
]

/** When and how long ago the agent last reported; "how long ago" is measured from the list's last fetch. */
function HeartbeatCell({ agent, fetchedAt }: { agent: AgentItem; fetchedAt: number }) {
  const age = heartbeatAge(agent.lastHeartbeatAt, fetchedAt)
  return (
    <TableCell>
      <div className="tabular-nums">{formatHeartbeat(agent.lastHeartbeatAt)}</div>
      {age && <div className="text-xs text-muted-foreground">{age}</div>}
    </TableCell>
  )
}

function StatusCell({ agent }: { agent: AgentItem }) {
  if (agent.active) {
    return (
      <TableCell>
        <StatusBadge tone="success">Ativo</StatusBadge>
      </TableCell>
    )
  }
  return (
    <TableCell>
      <StatusBadge tone="destructive">Revogado</StatusBadge>
      {agent.revokedAt && <div className="mt-1 text-xs text-muted-foreground">em {formatDateTime(agent.revokedAt)}</div>}
    </TableCell>
  )
}

/** The agent's pool by name; its id (shortened) while the pools load or when the list does not have it. */
function PoolCell({ agent, pools }: { agent: AgentItem; pools: PoolItem[] | undefined }) {
  const name = poolNameOf(pools, agent.poolId)
  return (
    <TableCell>
      {name ?? (
        <span className="font-mono text-xs text-muted-foreground" title={agent.poolId}>
          {shortId(agent.poolId)}
        </span>
      )}
    </TableCell>
  )
}

/**
 * Agentes de compilação: the alerts of jobs no agent took, the queue per tenant (every 10 s), the machines that
 * compile robots (live, every 5 s: registered, moved between pools and revoked here) and the pools that decide
 * which tenants' jobs each machine takes.
 */
export function CompileAgentsPage() {
  const query = useQuery(compileAgentsQuery())
  const pools = useQuery(compilePoolsQuery())
  const [registering, setRegistering] = React.useState(false)
  // The answer of the last registration, holding the token; dropped when its dialog closes, so it is shown once.
  const [registered, setRegistered] = React.useState<RegisteredAgent | null>(null)
  // The agent stays set while the confirmation closes, so its text does not change mid-animation.
  const [revoking, setRevoking] = React.useState<{ open: boolean; agent: AgentItem | null }>({ open: false, agent: null })
  const [moving, setMoving] = React.useState<{ open: boolean; agent: AgentItem | null }>({ open: false, agent: null })
  const revoke = useRevokeAgent()
  const closeRevoke = () => setRevoking((current) => ({ ...current, open: false }))

  const confirmRevoke = () => {
    const agent = revoking.agent
    if (!agent) return
    revoke.mutate(agent.id, {
      onSuccess: () => {
        toast({ title: 'Agente revogado', description: `O token de ${agent.name} não funciona mais.` })
        closeRevoke()
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao revogar agente', description: errorMessage(error, 'Tente novamente.') })
        closeRevoke()
      },
    })
  }

  // The table reads a page; this list is not paginated.
  const list = { data: query.data && { items: query.data }, isPending: query.isPending, isError: query.isError, error: query.error, refetch: query.refetch }

  return (
    <div className="space-y-6">
      <PageHeading
        title="Agentes de compilação"
        description="Máquinas que compilam os robôs no MetaEditor. A lista se atualiza a cada 5 segundos."
        actions={
          <Button onClick={() => setRegistering(true)}>
            <PlusIcon aria-hidden />
            Registrar agente
          </Button>
        }
      />
      <PlatformAlerts />
      <CompileQueueCard />
      <h2 className="text-lg font-semibold">Agentes</h2>
      <ListTable
        label="Agentes de compilação"
        columns={columns}
        query={list}
        empty="Nenhum agente registrado. Use “Registrar agente” para cadastrar a primeira máquina de compilação."
        errorFallback="Não foi possível carregar os agentes."
        renderRow={(agent) => (
          <TableRow key={agent.id}>
            <TableCell className="font-medium">{agent.name}</TableCell>
            <TableCell>{labelOf(agentPlatformLabels, agent.platform)}</TableCell>
            <PoolCell agent={agent} pools={pools.data} />
            <TableCell>
              <StatusBadge tone={toneOf(agentStateTones, agent.state)}>{labelOf(agentStateLabels, agent.state)}</StatusBadge>
            </TableCell>
            <HeartbeatCell agent={agent} fetchedAt={query.dataUpdatedAt} />
            <TableCell className="font-mono text-xs">
              {agent.currentJobId ? <span title={agent.currentJobId}>{shortId(agent.currentJobId)}</span> : '—'}
            </TableCell>
            <TableCell className="text-right tabular-nums">{agent.jobsDone}</TableCell>
            <TableCell className="text-right tabular-nums">{agent.jobsFailed}</TableCell>
            <TableCell className="font-mono text-xs">{agent.tokenPrefix ? `${agent.tokenPrefix}…` : '—'}</TableCell>
            <StatusCell agent={agent} />
            <TableCell>
              {agent.active && (
                <div className="flex items-center justify-end gap-2">
                  <Button variant="outline" size="sm" aria-label={`Mover para pool: ${agent.name}`} onClick={() => setMoving({ open: true, agent })}>
                    <ArrowRightLeftIcon aria-hidden />
                    Mover para pool
                  </Button>
                  <Button variant="outline" size="sm" aria-label={`Revogar agente ${agent.name}`} onClick={() => setRevoking({ open: true, agent })}>
                    <BanIcon aria-hidden />
                    Revogar
                  </Button>
                </div>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <PoolsCard />
      <RegisterAgentDialog open={registering} onOpenChange={setRegistering} onRegistered={setRegistered} />
      <MoveAgentDialog open={moving.open} agent={moving.agent} onOpenChange={(open) => setMoving((current) => ({ ...current, open }))} />
      <AgentTokenDialog registered={registered} apiUrl={window.location.origin} onClose={() => setRegistered(null)} />
      <ConfirmDialog
        open={revoking.open}
        onOpenChange={(open) => !open && !revoke.isPending && closeRevoke()}
        title={`Revogar o agente ${revoking.agent?.name ?? ''}?`}
        description="O token deste agente deixa de funcionar imediatamente, e qualquer compilação que ele estiver executando volta para a fila. Esta ação não pode ser desfeita."
        confirmLabel="Revogar"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </div>
  )
}
