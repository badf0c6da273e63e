import { useQuery } from '@tanstack/react-query'
import { CodeIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { asCompileSource, asCompileStatus, compilationHistoryQuery, type HistoryItem } from '@/features/admin-compile/api/compilation-history'
import { SourceCodeDialog } from '@/features/admin-compile/components/source-code-dialog'
import { choices, labelOf, toneOf } from '@/lib/labels'
import { compileSourceLabels, compileStatusLabels, compileStatusTones } from '@/features/admin-compile/labels'
import { useSourceViewer } from '@/features/admin-compile/use-source-viewer'
import { ClearFiltersButton, ListPage, StatusBadge, useListParams } from '@/components/data'

const columns = [
  { label: 'Data' },
  { label: 'Tenant' },
  { label: 'Robô' },
  { label: 'Origem' },
  { label: 'Status', className: 'min-w-40' },
  { label: 'Ações', srOnly: true },
]

const sourceChoices = choices(compileSourceLabels)
const statusChoices = choices(compileStatusLabels)

function StatusCell({ item }: { item: HistoryItem }) {
  return (
    <TableCell className="whitespace-normal">
      <StatusBadge tone={toneOf(compileStatusTones, item.status)}>{labelOf(compileStatusLabels, item.status)}</StatusBadge>
      {/* Why it failed, cut to two lines in the table; the whole text stays in the title. */}
      {item.status === 'failed' && item.errorMessage && (
        <p className="mt-1 line-clamp-2 max-w-xs text-xs text-muted-foreground" title={item.errorMessage}>
          {item.errorMessage}
        </p>
      )}
    </TableCell>
  )
}

/** Histórico de Compilações: every tenant's compilations, searchable and filtered, with the source each was compiled from. */
export function CompilationHistoryPage() {
  const list = useListParams(['q', 'source', 'status'] as const)
  const query = useQuery(
    compilationHistoryQuery({
      page: list.page,
      pageSize: list.pageSize,
      q: list.filters.q,
      source: asCompileSource(list.filters.source),
      status: asCompileStatus(list.filters.status),
    }),
  )
  const viewer = useSourceViewer()

  return (
    <ListPage
      title="Histórico de Compilações"
      description="Compilações de robôs de todos os tenants, importados ou gerados pela Fábrica IA."
      list={list}
      search={{ key: 'q', label: 'Buscar por robô ou tenant' }}
      filters={[
        { key: 'source', label: 'Filtrar por origem', allLabel: 'Todas as origens', options: sourceChoices },
        { key: 'status', label: 'Filtrar por status', allLabel: 'Todos os status', options: statusChoices },
      ]}
      tools={<ClearFiltersButton list={list} />}
      query={query}
      table={{
        label: 'Histórico de Compilações',
        columns,
        empty: list.hasFilters ? 'Nenhuma compilação encontrada com esses filtros' : 'Nenhuma compilação registrada ainda',
        errorFallback: 'Não foi possível carregar o histórico de compilações.',
        renderRow: (item) => (
          <TableRow key={item.id} className="align-top">
            <TableCell>{formatDateTime(item.createdAt)}</TableCell>
            <TableCell>{item.tenantName}</TableCell>
            <TableCell className="font-medium">{item.robotName}</TableCell>
            <TableCell>{labelOf(compileSourceLabels, item.source)}</TableCell>
            <StatusCell item={item} />
            <TableCell>
              {item.hasSourceCode ? (
                <Button variant="outline" size="sm" aria-label={`Ver código de ${item.robotName}`} onClick={() => void viewer.open(item)}>
                  <CodeIcon aria-hidden />
                  Ver código
                </Button>
              ) : (
                <span className="text-sm text-muted-foreground">Indisponível</span>
              )}
            </TableCell>
          </TableRow>
        ),
      }}
    >
      <SourceCodeDialog view={viewer.view} onClose={viewer.close} />
    </ListPage>
  )
}
