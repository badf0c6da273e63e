import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '@/components/page-heading'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'
import { authTemplateQuery } from '@/features/admin-compile/api/auth-template'
import { AuthTemplateEditor } from '@/features/admin-compile/components/auth-template-editor'

function LoadingTemplate() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" role="status" aria-busy="true" aria-label="Carregando">
      <Skeleton className="h-[32rem] w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  )
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">Erro ao carregar template</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">{errorMessage(error, 'Não foi possível carregar o template de autenticação.')}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      </CardContent>
    </Card>
  )
}

/** Template Autenticação: the MQL5 license check injected into every robot, its variables and a preview. */
export function RobotAuthTemplatePage() {
  const query = useQuery(authTemplateQuery())
  return (
    <div className="space-y-6">
      <PageHeading
        title="Template Autenticação"
        description="Código MQL5 de verificação de licença injetado em todo robô antes da compilação."
      />
      {query.isSuccess ? (
        <AuthTemplateEditor template={query.data} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingTemplate />
      )}
    </div>
  )
}
