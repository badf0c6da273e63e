import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { FactoryIcon, FileCodeIcon, LayersIcon, PencilIcon, PlusIcon, UploadIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { FilterBar, ListTable, PaginationBar, RefreshButton, SearchBox, StatusBadge, useListParams } from '@/components/data'
import { tenantRobotsQuery, type RobotItem } from '@/features/tenant-catalog/api/robots'
import { RobotDialog } from '@/features/tenant-catalog/components/robot-dialog'
import { RobotLogo } from '@/features/tenant-catalog/components/robot-logo'
import { RobotWebhookButton } from '@/features/tenant-catalog/components/robot-webhook-button'
import { useCan } from '@/features/tenant-access/use-can'

const columns = [
  { label: 'Logo', className: 'w-16' },
  { label: 'Nome' },
  { label: 'Plataforma' },
  { label: 'Versão' },
  { label: 'Webhook' },
  { label: 'Status' },
  { label: 'Ações', srOnly: true, className: 'w-56' },
]

/** The owner's robots: search by name, create and edit (with logo), versions, sales page and the Hotmart webhook. */
export function TenantRobotsPage() {
  const list = useListParams(['q'] as const)
  const query = useQuery(tenantRobotsQuery({ page: list.page, pageSize: list.pageSize, q: list.filters.q }))
  const [dialog, setDialog] = React.useState<{ open: boolean; robot: RobotItem | null }>({ open: false, robot: null })
  const canManage = useCan('ManageRobots')

  return (
    <div className="space-y-6">
      <PageHeading
        title="Robôs"
        description="Seus Expert Advisors: versões, página de vendas e o webhook da Hotmart de cada um."
        actions={
          <div className="flex flex-wrap gap-2">
            {canManage && (
              <Button variant="outline" asChild>
                <Link to="/robots/import">
                  <UploadIcon aria-hidden />
                  Importar Robô
                </Link>
              </Button>
            )}
            <Button variant="outline" asChild>
              <Link to="/robot-factory">
                <FactoryIcon aria-hidden />
                Fábrica de Robôs
              </Link>
            </Button>
            {canManage && (
              <Button onClick={() => setDialog({ open: true, robot: null })}>
                <PlusIcon aria-hidden />
                Novo Robô
              </Button>
            )}
          </div>
        }
      />
      <FilterBar>
        <SearchBox label="Buscar por nome" value={list.filters.q} onChange={(value) => list.setFilter('q', value)} />
        <RefreshButton onRefresh={query.refetch} refreshing={query.isFetching} />
      </FilterBar>
      <ListTable
        label="Robôs"
        columns={columns}
        query={query}
        empty="Nenhum robô encontrado"
        errorTitle="Erro ao carregar robôs"
        errorFallback="Não foi possível carregar os robôs."
        renderRow={(robot) => <RobotRow key={robot.id} robot={robot} onEdit={canManage ? () => setDialog({ open: true, robot }) : undefined} />}
      />
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
      <RobotDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} robot={dialog.robot} />
    </div>
  )
}

/** One robot; without `onEdit` (a role without ManageRobots) the row offers no edits: no editing, no sales page. */
function RobotRow({ robot, onEdit }: { robot: RobotItem; onEdit?: () => void }) {
  return (
    <TableRow>
      <TableCell>
        <RobotLogo src={robot.logoUrl} name={robot.name} />
      </TableCell>
      <TableCell className="font-medium">{robot.name}</TableCell>
      <TableCell>{robot.platform}</TableCell>
      <TableCell>{robot.activeVersion ? `v${robot.activeVersion}` : <span className="text-muted-foreground">Sem versão ativa</span>}</TableCell>
      <TableCell>
        {/* Configured once Hotmart's postback reached the robot's webhook. */}
        <StatusBadge tone={robot.webhookVerifiedAt ? 'success' : 'secondary'}>{robot.webhookVerifiedAt ? 'Configurado' : 'Aguardando'}</StatusBadge>
      </TableCell>
      <TableCell>
        <StatusBadge tone={robot.active ? 'success' : 'secondary'}>{robot.active ? 'Ativo' : 'Inativo'}</StatusBadge>
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          <Button variant="outline" size="sm" asChild>
            <Link to={`/robots/${robot.id}/versions`} aria-label={`Versões de ${robot.name}`}>
              <LayersIcon aria-hidden />
              Versões
            </Link>
          </Button>
          {onEdit && (
            <>
              <Button variant="ghost" size="icon" asChild>
                <Link to={`/robots/${robot.id}/sales-page`} aria-label={`Página de vendas de ${robot.name}`} title="Página de vendas">
                  <FileCodeIcon aria-hidden />
                </Link>
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Editar ${robot.name}`} title="Editar" onClick={onEdit}>
                <PencilIcon aria-hidden />
              </Button>
            </>
          )}
          <RobotWebhookButton robotId={robot.id} robotName={robot.name} />
        </div>
      </TableCell>
    </TableRow>
  )
}
