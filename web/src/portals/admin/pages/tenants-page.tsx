import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { GaugeIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { formatDate } from '@/lib/format'
import { tenantsQuery, useDeleteTenant, type TenantItem, type TenantStatus } from '@/features/admin-catalog/api/tenants'
import { TenantDialog } from '@/features/admin-catalog/components/tenant-dialog'
import { TenantLimitsDialog } from '@/features/admin-catalog/components/tenant-limits-dialog'
import { SECRET_PREFIX_SHOWN, secretPreview, shownSecretStart, tenantStatuses, tenantStatusLabels, tenantStatusTones } from '@/features/admin-catalog/tenant-form'
import { ConfirmDialog, CopyButton, ListPage, StatusBadge, useListParams } from '@/components/data'

const columns = [
  { label: 'Nome' },
  { label: 'URL' },
  { label: 'Secret Hash' },
  { label: 'Status' },
  { label: 'Data de Ativação' },
  { label: 'Ações', srOnly: true, className: 'w-32' },
]

const statusChoices = tenantStatuses.map((status) => ({ value: status, label: tenantStatusLabels[status] }))

/**
 * The white-label brands: search by name or URL, status filter, create, edit, set limits (storage quota, DLL
 * imports) and delete (after confirming).
 */
export function TenantsPage() {
  const list = useListParams(['q', 'status'] as const)
  const query = useQuery(
    tenantsQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      status: (list.filters.status || undefined) as TenantStatus | undefined,
    }),
  )
  const [dialog, setDialog] = React.useState<{ open: boolean; tenant: TenantItem | null }>({ open: false, tenant: null })
  const [limits, setLimits] = React.useState<{ open: boolean; tenant: TenantItem | null }>({ open: false, tenant: null })
  // The tenant stays set while the confirmation closes, so its text does not change mid-animation.
  const [deleting, setDeleting] = React.useState<{ open: boolean; tenant: TenantItem | null }>({ open: false, tenant: null })
  const remove = useDeleteTenant()
  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }))

  const confirmDelete = () => {
    const tenant = deleting.tenant
    if (!tenant) return
    remove.mutate(tenant.id, {
      onSuccess: () => {
        toast({ title: 'Tenant excluído', description: `${tenant.name} foi excluído.` })
        closeDelete()
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao excluir tenant', description: errorMessage(error, 'Tente novamente.') })
        closeDelete()
      },
    })
  }

  return (
    <ListPage
      title="Tenants"
      description="Marcas white-label da plataforma."
      actions={
        <Button onClick={() => setDialog({ open: true, tenant: null })}>
          <PlusIcon aria-hidden />
          Novo Tenant
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome ou URL' }}
      filters={[{ key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: statusChoices }]}
      query={query}
      table={{
        label: 'Tenants',
        columns,
        empty: 'Nenhum tenant encontrado',
        errorFallback: 'Não foi possível carregar os tenants.',
        renderRow: (tenant) => (
          <TableRow key={tenant.id}>
            <TableCell>
              <div className="font-medium">{tenant.name}</div>
              {tenant.hotmartConfigured && (
                <Badge variant="outline" className="mt-1">
                  Hotmart configurado
                </Badge>
              )}
            </TableCell>
            <TableCell>{tenant.url}</TableCell>
            <TableCell>
              {tenant.secretPrefix ? (
                <div className="flex items-center gap-2">
                  <code className="font-mono text-xs" title="Início do secret hash">
                    {secretPreview(tenant.secretPrefix)}
                  </code>
                  {/* Copies exactly what the cell shows: the server keeps only the start of the key, never the key. */}
                  <CopyButton
                    value={shownSecretStart(tenant.secretPrefix)}
                    label={`Copiar início do secret hash de ${tenant.name} (${SECRET_PREFIX_SHOWN} caracteres)`}
                    success={`Início do secret hash copiado (${SECRET_PREFIX_SHOWN} caracteres, não a chave inteira).`}
                    errorDescription="Não foi possível copiar o secret hash."
                  />
                </div>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>
              <StatusBadge tone={tenantStatusTones[tenant.status]}>{tenantStatusLabels[tenant.status] ?? tenant.status}</StatusBadge>
            </TableCell>
            <TableCell>{formatDate(tenant.activationDate)}</TableCell>
            <TableCell>
              <div className="flex items-center gap-1">
                <Button variant="ghost" size="icon" aria-label={`Editar ${tenant.name}`} onClick={() => setDialog({ open: true, tenant })}>
                  <PencilIcon aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Limites de ${tenant.name}`} title="Limites" onClick={() => setLimits({ open: true, tenant })}>
                  <GaugeIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive hover:text-destructive"
                  aria-label={`Excluir ${tenant.name}`}
                  onClick={() => setDeleting({ open: true, tenant })}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <TenantDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} tenant={dialog.tenant} />
      <TenantLimitsDialog open={limits.open} tenant={limits.tenant} onOpenChange={(open) => setLimits((current) => ({ ...current, open }))} />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={(open) => !open && !remove.isPending && closeDelete()}
        title="Tem certeza que deseja excluir este tenant?"
        description={`${deleting.tenant?.name ?? 'O tenant'} e tudo o que pertence a ele (owners, robôs, clientes, licenças, vendas e assinaturas) serão excluídos. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ListPage>
  )
}
