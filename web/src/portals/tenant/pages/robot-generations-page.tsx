import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { FactoryIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { TableCell, TableRow } from '@/components/ui/table'
import { ListTable, PaginationBar, useListParams } from '@/components/data'
import { formatDateTime } from '@/lib/format'
import { robotGenerationsQuery } from '@/features/robot-factory/api/generations'
import type { GenerationSummary } from '@/features/robot-factory/api/types'
import { GenerationStatusBadge } from '@/features/robot-factory/components/status-badges'

const columns = [
  { label: 'Robô' },
  { label: 'Status' },
  { label: 'Versão' },
  { label: 'Tentativas de compilação' },
  { label: 'Criada em' },
  { label: 'Concluída em' },
  { label: 'Ações', srOnly: true, className: 'w-48' },
]

/** /robot-generations — every AI generation of the owner (one per version the AI wrote), newest first. */
export function TenantRobotGenerationsPage() {
  const list = useListParams<never>([])
  const query = useQuery(robotGenerationsQuery({ page: list.page, pageSize: list.pageSize }))

  return (
    <div className="space-y-6">
      <PageHeading
        title="Gerações de Robôs"
        description="O histórico do que a IA gerou para você: status, tentativas de compilação e o código de cada geração."
        actions={
          <Button variant="outline" asChild>
            <Link to="/robot-factory">
              <FactoryIcon aria-hidden />
              Fábrica de Robôs
            </Link>
          </Button>
        }
      />
      <ListTable
        label="Gerações"
        columns={columns}
        query={query}
        empty="Nenhuma geração ainda"
        errorTitle="Erro ao carregar gerações"
        errorFallback="Não foi possível carregar as gerações."
        renderRow={(generation) => <GenerationRow key={generation.id} generation={generation} />}
      />
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
    </div>
  )
}

function GenerationRow({ generation }: { generation: GenerationSummary }) {
  const name = generation.generationPrompt.robotName
  return (
    <TableRow>
      <TableCell className="font-medium">{name}</TableCell>
      <TableCell>
        <GenerationStatusBadge status={generation.status} />
      </TableCell>
      <TableCell>v{generation.version}</TableCell>
      <TableCell>{generation.compilationAttempts}</TableCell>
      <TableCell>{formatDateTime(generation.createdAt)}</TableCell>
      <TableCell>{formatDateTime(generation.completedAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link to={`/robot-generations/${generation.id}`} aria-label={`Ver detalhes da geração ${name} v${generation.version}`}>
              Detalhes
            </Link>
          </Button>
          {generation.projectId && (
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/robot-factory/${generation.projectId}`} aria-label={`Abrir o projeto ${name}`}>
                Projeto
              </Link>
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  )
}
