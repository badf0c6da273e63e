import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import { robotGenerationQuery } from '@/features/robot-factory/api/generations'
import type { GenerationDetail } from '@/features/robot-factory/api/types'
import { BackLink } from '@/features/robot-factory/components/back-link'
import { NotFoundCard } from '@/features/robot-factory/components/not-found-card'
import { SourcePreview } from '@/features/robot-factory/components/source-preview'
import { GenerationStatusBadge } from '@/features/robot-factory/components/status-badges'
import { LoadErrorCard } from '@/features/tenant-catalog/components/load-error-card'

/** /robot-generations/:id — one AI generation: its status, the prompt, dates, the source code and the review. */
export function TenantRobotGenerationPage() {
  const { id = '' } = useParams()
  const query = useQuery(robotGenerationQuery(id))
  const notFound = query.error instanceof ApiError && query.error.status === 404

  return (
    <div className="space-y-6">
      <BackLink to="/robot-generations">Voltar para gerações</BackLink>
      {query.data ? (
        <GenerationView generation={query.data} />
      ) : query.isError ? (
        <>
          <PageHeading title="Geração" />
          {notFound ? (
            <NotFoundCard
              title="Geração não encontrada"
              text="Esta geração não existe ou não pertence à sua conta."
              backTo="/robot-generations"
              backLabel="Voltar para gerações"
            />
          ) : (
            <LoadErrorCard error={query.error} title="Erro ao carregar geração" fallback="Não foi possível carregar a geração." onRetry={() => void query.refetch()} />
          )}
        </>
      ) : (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Carregando geração">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </div>
  )
}

function GenerationView({ generation }: { generation: GenerationDetail }) {
  const { robotName, robotDescription } = generation.generationPrompt
  return (
    <>
      <PageHeading
        title={robotName || 'Geração'}
        description={`Versão ${generation.version}`}
        actions={
          generation.projectId ? (
            <Button variant="outline" asChild>
              <Link to={`/robot-factory/${generation.projectId}`}>Abrir projeto</Link>
            </Button>
          ) : undefined
        }
      />
      <Card>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <Fact term="Status">
              <GenerationStatusBadge status={generation.status} />
            </Fact>
            <Fact term="Tentativas de compilação">{generation.compilationAttempts}</Fact>
            <Fact term="Criada em">{formatDateTime(generation.createdAt)}</Fact>
            <Fact term="Concluída em">{formatDateTime(generation.completedAt)}</Fact>
          </dl>
        </CardContent>
      </Card>
      <Section title="Pedido">
        <dl className="grid gap-3 text-sm">
          <Fact term="Nome do robô">{robotName || '—'}</Fact>
          <Fact term="Descrição">
            <span className="break-words whitespace-pre-wrap">{robotDescription || '—'}</span>
          </Fact>
        </dl>
      </Section>
      <Section title="Código-fonte">
        {generation.sourceCode ? <SourcePreview source={generation.sourceCode} /> : <p className="text-sm text-muted-foreground">Nenhum código gerado ainda.</p>}
      </Section>
      <Section title="Notas da revisão">
        <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{generation.reviewNotes?.trim() || 'Sem notas de revisão.'}</p>
      </Section>
      {generation.errorLog?.trim() && (
        <Section title="Log de erros">
          <pre tabIndex={0} role="region" aria-label="Log de erros" className="max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
            {generation.errorLog}
          </pre>
        </Section>
      )}
    </>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
