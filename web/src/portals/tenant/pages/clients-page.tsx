import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { EyeIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDate } from '@/lib/format'
import { ListPage, RefreshButton, StatusBadge, useListParams } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { clientStatusChoices, clientStatusLabels, clientStatusTones } from '@/lib/commerce-labels'
import { tenantClientsQuery, type ClientItem, type ClientStatus } from '@/features/tenant-clients/api/clients'
import { ClientDialog } from '@/features/tenant-clients/components/client-dialog'
import { useCan } from '@/features/tenant-access/use-can'

const columns = [
  { label: 'Nome' },
  { label: 'E-mail' },
  { label: 'Telefone' },
  { label: 'Status' },
  { label: 'Cadastro' },
  { label: 'Ações', srOnly: true, className: 'w-40' },
]

/**
 * The owner's clients: search by name or e-mail and status on the server, create and edit (roles with ManageClients),
 * open a client's details.
 */
export function TenantClientsPage() {
  const list = useListParams(['q', 'status'] as const)
  const query = useQuery(
    tenantClientsQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      status: (list.filters.status || undefined) as ClientStatus | undefined,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; client: ClientItem | null }>({ open: false, client: null })
  const canManage = useCan('ManageClients')

  return (
    <ListPage
      title="Clientes"
      description="Quem compra seus robôs: cadastro, status e acesso aos detalhes."
      actions={
        canManage && (
          <Button onClick={() => setDialog({ open: true, client: null })}>
            <PlusIcon aria-hidden />
            Novo Cliente
          </Button>
        )
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome ou e-mail' }}
      filters={[{ key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: clientStatusChoices }]}
      tools={<RefreshButton onRefresh={query.refetch} refreshing={query.isFetching} />}
      query={query}
      table={{
        label: 'Clientes',
        columns,
        empty: 'Nenhum cliente encontrado',
        errorTitle: 'Erro ao carregar clientes',
        errorFallback: 'Não foi possível carregar os clientes.',
        renderRow: (client) => (
          <TableRow key={client.id}>
            <TableCell className="font-medium">{client.name}</TableCell>
            <TableCell>{client.email}</TableCell>
            <TableCell>{client.phone || '—'}</TableCell>
            <TableCell>
              <StatusBadge tone={clientStatusTones[client.status]}>{labelOf(clientStatusLabels, client.status)}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(client.registrationDate)}</TableCell>
            <TableCell>
              <div className="flex items-center justify-end gap-1">
                {canManage && (
                  <Button variant="ghost" size="icon" aria-label={`Editar ${client.name}`} title="Editar" onClick={() => setDialog({ open: true, client })}>
                    <PencilIcon aria-hidden />
                  </Button>
                )}
                <Button variant="outline" size="sm" asChild>
                  <Link to={`/clients/${client.id}`} aria-label={`Ver Detalhes de ${client.name}`}>
                    <EyeIcon aria-hidden />
                    Ver Detalhes
                  </Link>
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <ClientDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} client={dialog.client} />
    </ListPage>
  )
}
