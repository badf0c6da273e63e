import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { EyeIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { ListPage, RefreshButton, StatusBadge, useListParams, type DataColumn } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { clientStatusChoices, clientStatusLabels, clientStatusTones } from '@/lib/commerce-labels'
import { tenantClientsQuery, type ClientItem, type ClientStatus } from '@/features/tenant-clients/api/clients'
import { ClientDialog } from '@/features/tenant-clients/components/client-dialog'
import { useCan } from '@/features/tenant-access/use-can'

/** A client's columns; on a phone, a card headed by the name with the status, and labelled "Editar" and "Ver Detalhes". */
function clientColumns(edit: ((client: ClientItem) => void) | null): DataColumn<ClientItem>[] {
  return [
    { label: 'Nome', card: 'title', className: 'font-medium', cell: (client) => client.name },
    { label: 'E-mail', cell: (client) => client.email },
    { label: 'Telefone', cell: (client) => client.phone || '—' },
    {
      label: 'Status',
      card: 'status',
      cell: (client) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge tone={clientStatusTones[client.status]}>{labelOf(clientStatusLabels, client.status)}</StatusBadge>
          {client.chargebackAt && (
            <StatusBadge tone="destructive">
              <span title={`O banco do comprador estornou um pagamento em ${formatDate(client.chargebackAt)}`}>Chargeback</span>
            </StatusBadge>
          )}
        </div>
      ),
    },
    { label: 'Cadastro', cell: (client) => formatDate(client.registrationDate) },
    {
      label: 'Ações',
      card: 'actions',
      cell: (client) => (
        <>
          {edit && (
            <Button variant="ghost" size="sm" aria-label={`Editar ${client.name}`} onClick={() => edit(client)}>
              <PencilIcon aria-hidden />
              Editar
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <Link to={`/clients/${client.id}`} aria-label={`Ver Detalhes de ${client.name}`}>
              <EyeIcon aria-hidden />
              Ver Detalhes
            </Link>
          </Button>
        </>
      ),
    },
  ]
}

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
        empty: 'Nenhum cliente encontrado',
        errorTitle: 'Erro ao carregar clientes',
        errorFallback: 'Não foi possível carregar os clientes.',
        columns: clientColumns(canManage ? (client) => setDialog({ open: true, client }) : null),
        rowKey: (client) => client.id,
      }}
    >
      <ClientDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} client={dialog.client} />
    </ListPage>
  )
}
