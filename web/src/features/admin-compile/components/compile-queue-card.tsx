import { useQuery } from '@tanstack/react-query'
import { ListTable } from '@/components/data'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TableCell, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/class-names'
import { formatDateTime } from '@/lib/format'
import { compileQueueQuery, type TenantQueueItem } from '../api/compile-queue'
import { formatWait, isLongWait } from '../queue-format'

const columns = [
  { label: 'Tenant' },
  { label: 'Na fila', className: 'text-right' },
  { label: 'Compilando', className: 'text-right' },
  { label: 'Espera mais antiga' },
]

function QueueRow({ tenant }: { tenant: TenantQueueItem }) {
  const long = isLongWait(tenant.oldestWaitSeconds)
  return (
    <TableRow>
      <TableCell className="font-medium">{tenant.tenantName}</TableCell>
      <TableCell className="text-right tabular-nums">{tenant.pending}</TableCell>
      <TableCell className="text-right tabular-nums">{tenant.inProgress}</TableCell>
      <TableCell>
        <span
          className={cn('tabular-nums', long && 'font-medium text-amber-600 dark:text-amber-400')}
          title={tenant.oldestQueuedAt ? `Na fila desde ${formatDateTime(tenant.oldestQueuedAt)}` : undefined}
        >
          {formatWait(tenant.oldestWaitSeconds)}
        </span>
      </TableCell>
    </TableRow>
  )
}

/** Fila por tenant: the jobs each tenant has waiting and compiling, the longest wait first; refreshed every 10 s. */
export function CompileQueueCard() {
  const query = useQuery(compileQueueQuery())
  // The table reads a page; the queue is not paginated.
  const list = { data: query.data && { items: query.data.tenants }, isPending: query.isPending, isError: query.isError, error: query.error, refetch: query.refetch }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Fila por tenant</h2>
        </CardTitle>
        <CardDescription>Jobs esperando um agente e em compilação, por tenant. Atualiza a cada 10 segundos.</CardDescription>
      </CardHeader>
      <CardContent>
        <ListTable
          label="Fila por tenant"
          columns={columns}
          query={list}
          empty="Nenhum job na fila."
          errorFallback="Não foi possível carregar a fila de compilação."
          renderRow={(tenant) => <QueueRow key={tenant.tenantId} tenant={tenant} />}
        />
      </CardContent>
    </Card>
  )
}
