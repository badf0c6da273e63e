import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangleIcon, CpuIcon, FlaskConicalIcon, PencilIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { ListTable, RefreshButton, StatusBadge } from '@/components/data'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { TableCell, TableRow } from '@/components/ui/table'
import { aiUsageQuery, type AiTenantUsage, type AiUsage } from '@/features/admin-factory/api/ai-usage'
import { QuotaDialog } from '@/features/admin-factory/components/quota-dialog'
import { TesterQuotaDialog } from '@/features/admin-factory/components/tester-quota-dialog'
import {
  NO_MODEL_MESSAGE,
  formatCount,
  formatQuotaUse,
  formatTokens,
  formatUSD,
  quotaExhausted,
} from '@/features/admin-factory/usage-format'

const columns = [
  { label: 'Tenant' },
  { label: 'Gerações no mês', className: 'text-right' },
  { label: 'Tokens (entrada / saída)', className: 'text-right' },
  { label: 'Custo no mês', className: 'text-right' },
  { label: 'Custo total', className: 'text-right' },
  { label: 'Ações', srOnly: true },
]

/** The model the server calls (or the warning that there is none), and this month's totals over every tenant. */
function ModelCard({ usage }: { usage: AiUsage }) {
  const generations = usage.tenants.reduce((sum, tenant) => sum + tenant.generationsThisMonth, 0)
  const cost = usage.tenants.reduce((sum, tenant) => sum + Number(tenant.costThisMonth || 0), 0)
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Modelo de IA</h2>
        </CardTitle>
        <CardDescription>O modelo que gera, revisa e corrige os robôs da Fábrica de Robôs.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {usage.configured ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="model-status">
            <CpuIcon aria-hidden className="size-4 text-muted-foreground" />
            <span className="font-mono text-sm">{usage.model ?? 'Modelo configurado'}</span>
            <StatusBadge tone="success">Configurado</StatusBadge>
          </div>
        ) : (
          <Alert variant="destructive">
            <AlertTriangleIcon aria-hidden />
            <AlertTitle>Fábrica de Robôs indisponível</AlertTitle>
            <AlertDescription>{NO_MODEL_MESSAGE}</AlertDescription>
          </Alert>
        )}
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Gerações no mês (todos os tenants)</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(generations)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Custo no mês (todos os tenants)</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatUSD(cost)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}

function LoadingModelCard() {
  return (
    <Card className="gap-4" role="status" aria-busy="true" aria-label="Carregando">
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  )
}

function UsageRow({ tenant, onEditQuota, onEditTesterQuota }: { tenant: AiTenantUsage; onEditQuota: () => void; onEditTesterQuota: () => void }) {
  const exhausted = quotaExhausted(tenant.generationsThisMonth, tenant.monthlyQuota)
  return (
    <TableRow>
      <TableCell className="font-medium">{tenant.tenantName}</TableCell>
      <TableCell className="text-right">
        <div className="flex items-center justify-end gap-2">
          {exhausted && <StatusBadge tone="warning">Limite atingido</StatusBadge>}
          <span className="tabular-nums">{formatQuotaUse(tenant.generationsThisMonth, tenant.monthlyQuota)}</span>
        </div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatTokens(tenant.promptTokens, tenant.completionTokens)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatUSD(tenant.costThisMonth)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatUSD(tenant.costTotal)}</TableCell>
      <TableCell className="text-right">
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" aria-label={`Editar cota de ${tenant.tenantName}`} onClick={onEditQuota}>
            <PencilIcon aria-hidden />
            Editar cota
          </Button>
          <Button variant="outline" size="sm" aria-label={`Minutos de teste de ${tenant.tenantName}`} onClick={onEditTesterQuota}>
            <FlaskConicalIcon aria-hidden />
            Minutos de teste
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}

/**
 * Uso de IA: whether a model is configured, and per tenant this month's generations (against its quota), tokens and
 * cost; beside the generation quota, the tenant's monthly Strategy Tester minutes.
 */
export function AiUsagePage() {
  const query = useQuery(aiUsageQuery())
  const [editing, setEditing] = React.useState<{ open: boolean; tenant: AiTenantUsage | null }>({ open: false, tenant: null })
  const [editingMinutes, setEditingMinutes] = React.useState<{ open: boolean; tenant: AiTenantUsage | null }>({ open: false, tenant: null })
  // The table reads a page; this list is not paginated.
  const list = { data: query.data && { items: query.data.tenants }, isPending: query.isPending, isError: query.isError, error: query.error, refetch: query.refetch }

  return (
    <div className="space-y-6">
      <PageHeading
        title="Uso de IA"
        description="Gerações, tokens e custo (em dólares) da Fábrica de Robôs por tenant. O mês é o mês corrente no horário de Brasília."
        actions={<RefreshButton onRefresh={() => query.refetch()} refreshing={query.isFetching} />}
      />
      {query.data ? <ModelCard usage={query.data} /> : query.isPending ? <LoadingModelCard /> : null}
      <ListTable
        label="Uso de IA por tenant"
        columns={columns}
        query={list}
        empty="Nenhum tenant cadastrado."
        errorTitle="Erro ao carregar o uso de IA"
        errorFallback="Não foi possível carregar o uso de IA."
        renderRow={(tenant) => (
          <UsageRow
            key={tenant.tenantId}
            tenant={tenant}
            onEditQuota={() => setEditing({ open: true, tenant })}
            onEditTesterQuota={() => setEditingMinutes({ open: true, tenant })}
          />
        )}
      />
      <QuotaDialog open={editing.open} tenant={editing.tenant} onClose={() => setEditing((current) => ({ ...current, open: false }))} />
      <TesterQuotaDialog open={editingMinutes.open} tenant={editingMinutes.tenant} onClose={() => setEditingMinutes((current) => ({ ...current, open: false }))} />
    </div>
  )
}
