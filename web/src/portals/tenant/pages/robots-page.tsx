import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { FactoryIcon, FileCodeIcon, LayersIcon, PencilIcon, PlusIcon, UploadIcon, WebhookIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { FilterBar, PaginationBar, RefreshButton, ResponsiveListTable, SearchBox, StatusBadge, useListParams, type DataColumn } from '@/components/data'
import { tenantRobotsQuery, type RobotItem } from '@/features/tenant-catalog/api/robots'
import { RobotDialog } from '@/features/tenant-catalog/components/robot-dialog'
import { RobotLogo } from '@/features/tenant-catalog/components/robot-logo'
import { useCan } from '@/features/tenant-access/use-can'
import { RobotCompileStatus } from '@/features/compilation/components/robot-compile-status'

/** The owner's robots: search by name, create and edit (with logo), versions, sales page and each one's Hotmart screen. */
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
      <ResponsiveListTable
        label="Robôs"
        columns={robotColumns(canManage ? (robot) => setDialog({ open: true, robot }) : null)}
        rowKey={(robot) => robot.id}
        query={query}
        empty="Nenhum robô encontrado"
        errorTitle="Erro ao carregar robôs"
        errorFallback="Não foi possível carregar os robôs."
      />
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
      <RobotDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} robot={dialog.robot} />
    </div>
  )
}

/**
 * A robot's columns; on a phone, a card headed by its name, with its status and labelled actions. Without
 * `edit` (a role without ManageRobots) a robot offers no edits: no editing, no sales page.
 */
function robotColumns(edit: ((robot: RobotItem) => void) | null): DataColumn<RobotItem>[] {
  return [
    { label: 'Logo', className: 'w-16', card: 'none', cell: (robot) => <RobotLogo src={robot.logoUrl} name={robot.name} /> },
    {
      label: 'Nome',
      className: 'font-medium',
      card: 'title',
      cell: (robot) => robot.name,
    },
    { label: 'Plataforma', cell: (robot) => robot.platform },
    {
      label: 'Versão',
      // With a compile queued, compiling or just failed, the robot says so (and why), across reloads.
      cell: (robot) => (
        <>
          {robot.activeVersion ? `v${robot.activeVersion}` : <span className="text-muted-foreground">Sem versão ativa</span>}
          <RobotCompileStatus robotId={robot.id} />
        </>
      ),
    },
    {
      label: 'Webhook',
      // Configured once Hotmart's postback reached the robot's webhook.
      cell: (robot) => <StatusBadge tone={robot.webhookVerifiedAt ? 'success' : 'secondary'}>{robot.webhookVerifiedAt ? 'Configurado' : 'Aguardando'}</StatusBadge>,
    },
    {
      label: 'Status',
      card: 'status',
      cell: (robot) => <StatusBadge tone={robot.active ? 'success' : 'secondary'}>{robot.active ? 'Ativo' : 'Inativo'}</StatusBadge>,
    },
    {
      label: 'Ações',
      card: 'actions',
      cell: (robot) => (
        <>
          <Button variant="outline" size="sm" asChild>
            <Link to={`/robots/${robot.id}/versions`} aria-label={`Versões de ${robot.name}`}>
              <LayersIcon aria-hidden />
              Versões
            </Link>
          </Button>
          {edit && (
            <>
              <Button variant="ghost" size="sm" asChild>
                <Link to={`/robots/${robot.id}/sales-page`} aria-label={`Página de vendas de ${robot.name}`}>
                  <FileCodeIcon aria-hidden />
                  Página de vendas
                </Link>
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Editar ${robot.name}`} onClick={() => edit(robot)}>
                <PencilIcon aria-hidden />
                Editar
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" asChild>
            <Link to={`/robots/${robot.id}/hotmart`} aria-label={`Hotmart de ${robot.name}`}>
              <WebhookIcon aria-hidden />
              Hotmart
            </Link>
          </Button>
        </>
      ),
    },
  ]
}
