import { useQuery } from '@tanstack/react-query'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { auditLogQuery } from '@/features/admin-catalog/api/audit-log'
import { auditActionLabel, auditActorLabel, auditEntityLabel, auditEntityLabels } from '@/features/admin-catalog/audit-labels'
import { AuditChanges } from '@/features/admin-catalog/components/audit-changes'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { ClearFiltersButton, DateFilter, ListPage, StatusBadge, type StatusTone, useListParams } from '@/components/data'

const columns = [
  { label: 'Quando' },
  { label: 'Autor' },
  { label: 'Ação' },
  { label: 'Entidade' },
  { label: 'Tenant' },
  { label: 'Alterações', className: 'min-w-72' },
]

const entityChoices = Object.entries(auditEntityLabels).map(([value, label]) => ({ value, label }))

const actionTones: Record<string, StatusTone> = { create: 'success', update: 'warning', delete: 'destructive' }

/** Auditoria: who changed what and when, newest first; filters by author, tenant, entity and period. */
export function AuditLogPage() {
  const list = useListParams(['actor', 'tenantId', 'entity', 'from', 'to'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(
    auditLogQuery({
      page: list.page,
      pageSize: list.pageSize,
      actor: list.filters.actor,
      tenantId: list.filters.tenantId,
      entity: list.filters.entity,
      from: list.filters.from,
      to: list.filters.to,
    }),
  )

  return (
    <ListPage
      title="Auditoria"
      description="Quem alterou o quê, e quando: cada criação, alteração e exclusão registrada na plataforma."
      list={list}
      search={{ key: 'actor', label: 'Buscar por autor', placeholder: 'Buscar por autor (nome ou email)' }}
      filters={[
        { key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options },
        { key: 'entity', label: 'Filtrar por entidade', allLabel: 'Todas as entidades', options: entityChoices },
      ]}
      tools={
        <>
          <DateFilter id="audit-from" label="De" value={list.filters.from} onChange={(value) => list.setFilter('from', value)} />
          <DateFilter id="audit-to" label="até" value={list.filters.to} onChange={(value) => list.setFilter('to', value)} />
          <ClearFiltersButton list={list} />
        </>
      }
      query={query}
      table={{
        label: 'Auditoria',
        columns,
        empty: list.hasFilters ? 'Nenhum registro encontrado com esses filtros' : 'Nenhum registro de auditoria ainda',
        errorFallback: 'Não foi possível carregar a auditoria.',
        renderRow: (item) => (
          <TableRow key={item.id} className="align-top">
            <TableCell>{formatDateTime(item.createdAt)}</TableCell>
            <TableCell>
              <div className="font-medium">{auditActorLabel(item)}</div>
              {item.ip && <div className="font-mono text-xs text-muted-foreground">{item.ip}</div>}
            </TableCell>
            <TableCell>
              <StatusBadge tone={actionTones[item.action]}>{auditActionLabel(item.action)}</StatusBadge>
            </TableCell>
            <TableCell>
              <div>{auditEntityLabel(item.entity)}</div>
              {item.entityId && (
                <div className="font-mono text-xs text-muted-foreground" title={item.entityId}>
                  {item.entityId.slice(0, 8)}
                </div>
              )}
            </TableCell>
            <TableCell>{item.tenantName ?? '—'}</TableCell>
            <TableCell className="whitespace-normal">
              <AuditChanges changes={item.changes} entity={item.entity} />
            </TableCell>
          </TableRow>
        ),
      }}
    />
  )
}
