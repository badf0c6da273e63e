import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError, errorMessage } from '@/lib/api/client'

/**
 * A page's failed load: an unknown robot (404) says so without a retry; anything else shows `title`
 * ("Erro ao carregar versões") with the server's text and a retry.
 */
export function LoadErrorCard({
  error,
  title,
  fallback,
  notFoundTitle = 'Robô não encontrado',
  notFoundText = 'Este robô não existe ou não pertence à sua conta.',
  onRetry,
}: {
  error: unknown
  title: string
  fallback: string
  notFoundTitle?: string
  notFoundText?: string
  onRetry: () => void
}) {
  const notFound = error instanceof ApiError && error.status === 404
  return (
    <Card role="alert" className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{notFound ? notFoundTitle : title}</CardTitle>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">{notFound ? notFoundText : errorMessage(error, fallback)}</p>
        {!notFound && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
