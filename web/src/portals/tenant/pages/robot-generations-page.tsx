import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { FactoryIcon } from 'lucide-react'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { PaginationBar, ResponsiveListTable, useListParams, type DataColumn } from '@/components/data'
import { formatDateTime } from '@/lib/format'
import { robotGenerationsQuery } from '@/features/robot-factory/api/generations'
import type { GenerationSummary } from '@/features/robot-factory/api/types'
import { GenerationStatusBadge } from '@/features/robot-factory/components/status-badges'

/** A generation's columns; on a phone, a card headed by the robot, with the status and labelled links. */
const columns: DataColumn<GenerationSummary>[] = [
  { label: 'Robô', className: 'font-medium', card: 'title', cell: (generation) => generation.generationPrompt.robotName },
  { label: 'Status', card: 'status', cell: (generation) => <GenerationStatusBadge status={generation.status} /> },
  { label: 'Versão', cell: (generation) => `v${generation.version}` },
  { label: 'Tentativas de compilação', cell: (generation) => generation.compilationAttempts },
  { label: 'Criada em', cell: (generation) => formatDateTime(generation.createdAt) },
  { label: 'Concluída em', cell: (generation) => formatDateTime(generation.completedAt) },
  { label: 'Ações', card: 'actions', cell: (generation) => <GenerationLinks generation={generation} /> },
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
      <ResponsiveListTable
        label="Gerações"
        columns={columns}
        rowKey={(generation) => generation.id}
        query={query}
        empty="Nenhuma geração ainda"
        errorTitle="Erro ao carregar gerações"
        errorFallback="Não foi possível carregar as gerações."
      />
      <PaginationBar page={list.page} pageSize={list.pageSize} data={query.data} onPageChange={list.setPage} />
    </div>
  )
}

function GenerationLinks({ generation }: { generation: GenerationSummary }) {
  const name = generation.generationPrompt.robotName
  return (
    <>
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
    </>
  )
}
