import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDate, formatDateTime } from '@/lib/format'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { clientsQuery, type ClientItem, type ClientStatus } from '@/features/admin-commerce/api/clients'
import { ClientDialog } from '@/features/admin-commerce/components/client-dialog'
import { ListPage, StatusBadge, useListParams } from '@/components/data'
import { labelOf } from '@/lib/labels'
import { clientStatusChoices, clientStatusLabels, clientStatusTones } from '@/lib/commerce-labels'

const columns = [
  { label: 'Nome' },
  { label: 'Email' },
  { label: 'Telefone' },
  { label: 'Tenant' },
  { label: 'Status' },
  { label: 'Data de Cadastro' },
  { label: 'Último Login' },
  { label: 'Ações', srOnly: true, className: 'w-12' },
]

/** The admin's clients of every tenant: search by name or e-mail, tenant and status filters, create and edit. */
export function AdminClientsPage() {
  const list = useListParams(['q', 'tenantId', 'status'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(
    clientsQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      tenantId: list.filters.tenantId,
      status: (list.filters.status || undefined) as ClientStatus | undefined,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; client: ClientItem | null }>({ open: false, client: null })

  return (
    <ListPage
      title="Clientes"
      description="Clientes finais de todos os tenants."
      actions={
        <Button onClick={() => setDialog({ open: true, client: null })}>
          <PlusIcon aria-hidden />
          Novo Cliente
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome ou email' }}
      filters={[
        { key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options },
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: clientStatusChoices },
      ]}
      query={query}
      table={{
        label: 'Clientes',
        columns,
        empty: 'Nenhum cliente encontrado',
        errorFallback: 'Não foi possível carregar os clientes.',
        renderRow: (client) => (
          <TableRow key={client.id}>
            <TableCell className="font-medium">{client.name}</TableCell>
            <TableCell>{client.email}</TableCell>
            <TableCell>{client.phone || '—'}</TableCell>
            <TableCell>{client.tenantName}</TableCell>
            <TableCell>
              <StatusBadge tone={clientStatusTones[client.status]}>{labelOf(clientStatusLabels, client.status)}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(client.registrationDate)}</TableCell>
            <TableCell>{formatDateTime(client.lastLogin)}</TableCell>
            <TableCell>
              <Button variant="ghost" size="icon" aria-label={`Editar ${client.name}`} onClick={() => setDialog({ open: true, client })}>
                <PencilIcon aria-hidden />
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <ClientDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} client={dialog.client} />
    </ListPage>
  )
}
