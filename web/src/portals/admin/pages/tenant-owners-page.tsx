import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { activeLabel } from '@/features/admin-catalog/active-choices'
import { ownersQuery, type OwnerItem } from '@/features/admin-catalog/api/tenant-owners'
import { OwnerDialog } from '@/features/admin-catalog/components/owner-dialog'
import { ownerRoleLabels } from '@/features/admin-catalog/owner-form'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { ListPage, StatusBadge, useListParams } from '@/components/data'

const columns = [
  { label: 'Nome' },
  { label: 'Email' },
  { label: 'Telefone' },
  { label: 'Tenant' },
  { label: 'Função' },
  { label: 'Status' },
  { label: 'E-mail verificado' },
  { label: 'Ações', srOnly: true, className: 'w-12' },
]

/** The administrators of every tenant: search by name or e-mail, tenant filter, create and edit. */
export function TenantOwnersPage() {
  const list = useListParams(['q', 'tenantId'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(ownersQuery({ page: list.page, pageSize: list.pageSize, q: list.filters.q, tenantId: list.filters.tenantId }))
  const [dialog, setDialog] = React.useState<{ open: boolean; owner: OwnerItem | null }>({ open: false, owner: null })

  return (
    <ListPage
      title="Tenant Owners"
      description="Administradores de cada tenant."
      actions={
        <Button onClick={() => setDialog({ open: true, owner: null })}>
          <PlusIcon aria-hidden />
          Novo Owner
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome ou email' }}
      filters={[{ key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options }]}
      query={query}
      table={{
        label: 'Tenant Owners',
        columns,
        empty: 'Nenhum owner encontrado',
        errorFallback: 'Não foi possível carregar os owners.',
        renderRow: (owner) => (
          <TableRow key={owner.id}>
            <TableCell className="font-medium">{owner.name}</TableCell>
            <TableCell>{owner.email}</TableCell>
            <TableCell>{owner.phone || '—'}</TableCell>
            <TableCell>{owner.tenantName}</TableCell>
            <TableCell>{ownerRoleLabels[owner.role] ?? owner.role}</TableCell>
            <TableCell>
              <StatusBadge tone={owner.isActive ? 'success' : 'secondary'}>{activeLabel(owner.isActive)}</StatusBadge>
            </TableCell>
            <TableCell>
              <StatusBadge tone={owner.emailVerified ? 'success' : 'warning'}>{owner.emailVerified ? 'Verificado' : 'Pendente'}</StatusBadge>
            </TableCell>
            <TableCell>
              <Button variant="ghost" size="icon" aria-label={`Editar ${owner.name}`} onClick={() => setDialog({ open: true, owner })}>
                <PencilIcon aria-hidden />
              </Button>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <OwnerDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} owner={dialog.owner} />
    </ListPage>
  )
}
