import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { ConfirmDialog } from '@/components/data'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { compilePoolsQuery, useDeletePool, type PoolItem } from '../api/compile-pools'
import { activeAgentCount, DEFAULT_POOL_DESCRIPTION, sortedPools } from '../labels'
import { PoolDialog } from './pool-dialog'

function PoolEntry({ pool, onEdit, onDelete }: { pool: PoolItem; onEdit: () => void; onDelete: () => void }) {
  const headingId = React.useId()
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-medium">
            {pool.name}
          </h3>
          {pool.servesAllTenants && <Badge variant="secondary">Padrão</Badge>}
        </div>
        {pool.servesAllTenants ? (
          <p className="text-sm text-muted-foreground">{DEFAULT_POOL_DESCRIPTION}</p>
        ) : pool.tenants.length > 0 ? (
          <ul aria-label={`Tenants do pool ${pool.name}`} className="flex flex-wrap gap-1">
            {pool.tenants.map((tenant) => (
              <li key={tenant.id}>
                <Badge variant="outline">{tenant.name}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum tenant: os agentes deste pool não recebem jobs.</p>
        )}
        <p className="text-xs text-muted-foreground">{activeAgentCount(pool.agentCount)}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" aria-label={`Editar pool ${pool.name}`} onClick={onEdit}>
          <PencilIcon aria-hidden />
          Editar
        </Button>
        {!pool.servesAllTenants && (
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={`Excluir pool ${pool.name}`} onClick={onDelete}>
            <Trash2Icon aria-hidden />
            Excluir
          </Button>
        )}
      </div>
    </li>
  )
}

function PoolsList({ onEdit, onDelete }: { onEdit: (pool: PoolItem) => void; onDelete: (pool: PoolItem) => void }) {
  const query = useQuery(compilePoolsQuery())
  if (query.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando pools">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-destructive">{errorMessage(query.error, 'Não foi possível carregar os pools.')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  return (
    <ul aria-label="Pools de agentes" className="grid gap-3">
      {sortedPools(query.data).map((pool) => (
        <PoolEntry key={pool.id} pool={pool} onEdit={() => onEdit(pool)} onDelete={() => onDelete(pool)} />
      ))}
    </ul>
  )
}

/**
 * Pools de agentes: which agents compile which tenants' jobs. The default pool serves every tenant not listed in
 * another pool; a pool made here dedicates its agents to the tenants it lists. Create, edit and delete (after
 * confirming; a pool with active agents cannot go, and the server says so).
 */
export function PoolsCard() {
  // The pool stays set while a dialog closes, so its text does not change mid-animation.
  const [editing, setEditing] = React.useState<{ open: boolean; pool: PoolItem | null }>({ open: false, pool: null })
  const [deleting, setDeleting] = React.useState<{ open: boolean; pool: PoolItem | null }>({ open: false, pool: null })
  const remove = useDeletePool()
  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }))

  const confirmDelete = () => {
    const pool = deleting.pool
    if (!pool) return
    remove.mutate(pool.id, {
      onSuccess: () => {
        toast({ title: 'Pool excluído', description: `Os tenants de ${pool.name} voltam ao pool padrão.` })
        closeDelete()
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao excluir pool', description: errorMessage(error, 'Tente novamente.') })
        closeDelete()
      },
    })
  }

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-lg">Pools de agentes</h2>
          </CardTitle>
          <CardDescription>Cada agente compila os jobs dos tenants do seu pool. Um tenant listado em um pool só é compilado pelos agentes desse pool.</CardDescription>
        </div>
        <Button variant="outline" className="shrink-0" onClick={() => setEditing({ open: true, pool: null })}>
          <PlusIcon aria-hidden />
          Novo pool
        </Button>
      </CardHeader>
      <CardContent>
        <PoolsList onEdit={(pool) => setEditing({ open: true, pool })} onDelete={(pool) => setDeleting({ open: true, pool })} />
      </CardContent>
      <PoolDialog open={editing.open} pool={editing.pool} onOpenChange={(open) => setEditing((current) => ({ ...current, open }))} />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => !open && !remove.isPending && closeDelete()}
        title={`Excluir o pool ${deleting.pool?.name ?? ''}?`}
        description="Os tenants deste pool voltam a ser atendidos pelo pool padrão. Um pool com agentes ativos não pode ser excluído: mova ou revogue os agentes antes. Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  )
}
