import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { activeLabel } from '@/features/admin-catalog/active-choices'
import { robotsQuery, type RobotItem } from '@/features/admin-catalog/api/robots'
import { RobotDialog } from '@/features/admin-catalog/components/robot-dialog'
import { WebhookCopyButton } from '@/features/admin-catalog/components/webhook-copy-button'
import { robotWebhookUrl } from '@/features/admin-catalog/robot-webhook'
import { useTenantOptions } from '@/hooks/use-tenant-options'
import { ListPage, StatusBadge, useListParams } from '@/components/data'

const columns = [
  { label: 'Nome' },
  { label: 'Tenant' },
  { label: 'Plataforma' },
  { label: 'Versão' },
  { label: 'Status' },
  { label: 'Webhook URL' },
  { label: 'Postback' },
  { label: 'Ações', srOnly: true, className: 'w-12' },
]

/** Robots (Expert Advisors) of every tenant: search by name, tenant filter, webhook URL to copy, create and edit. */
export function AdminRobotsPage() {
  const list = useListParams(['q', 'tenantId'] as const)
  const tenants = useTenantOptions()
  const query = useQuery(robotsQuery({ page: list.page, pageSize: list.pageSize, q: list.filters.q, tenantId: list.filters.tenantId }))
  const [dialog, setDialog] = React.useState<{ open: boolean; robot: RobotItem | null }>({ open: false, robot: null })

  return (
    <ListPage
      title="Robôs"
      description="Expert Advisors de todos os tenants e a URL de webhook de cada um para a Hotmart."
      actions={
        <Button onClick={() => setDialog({ open: true, robot: null })}>
          <PlusIcon aria-hidden />
          Novo Robô
        </Button>
      }
      list={list}
      search={{ key: 'q', label: 'Buscar por nome' }}
      filters={[{ key: 'tenantId', label: 'Filtrar por tenant', allLabel: 'Todos os tenants', options: tenants.options }]}
      query={query}
      table={{
        label: 'Robôs',
        columns,
        empty: 'Nenhum robô encontrado',
        errorFallback: 'Não foi possível carregar os robôs.',
        renderRow: (robot) => {
          const webhookUrl = robotWebhookUrl(robot)
          return (
            <TableRow key={robot.id}>
              <TableCell className="font-medium">{robot.name}</TableCell>
              <TableCell>{robot.tenant.name}</TableCell>
              <TableCell>{robot.platform}</TableCell>
              <TableCell>{robot.version}</TableCell>
              <TableCell>
                <StatusBadge tone={robot.active ? 'success' : 'secondary'}>{activeLabel(robot.active)}</StatusBadge>
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  {webhookUrl ? (
                    <code className="block max-w-72 truncate font-mono text-xs" title={webhookUrl}>
                      {webhookUrl}
                    </code>
                  ) : (
                    <span className="text-sm text-muted-foreground">Tenant sem URL</span>
                  )}
                  <WebhookCopyButton url={webhookUrl} robotName={robot.name} />
                </div>
              </TableCell>
              <TableCell>
                {robot.webhookVerifiedAt ? (
                  <div className="flex flex-col gap-1">
                    <StatusBadge tone="success">Postback recebido</StatusBadge>
                    <span className="text-xs text-muted-foreground">Último em {formatDateTime(robot.webhookVerifiedAt)}</span>
                  </div>
                ) : (
                  <StatusBadge tone="secondary">Aguardando postback</StatusBadge>
                )}
              </TableCell>
              <TableCell>
                <Button variant="ghost" size="icon" aria-label={`Editar ${robot.name}`} onClick={() => setDialog({ open: true, robot })}>
                  <PencilIcon aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          )
        },
      }}
    >
      <RobotDialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} robot={dialog.robot} />
    </ListPage>
  )
}
