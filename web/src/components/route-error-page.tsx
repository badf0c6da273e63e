import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { AlertTriangleIcon } from 'lucide-react'
import { NotFoundPage } from '@/components/not-found-page'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'

/**
 * The router's error screen (`errorElement`), in place of react-router's English default: a screen that failed to
 * render or whose code failed to load (often a new release while the tab was open, which a reload fixes).
 */
export function RouteErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <ScreenFailed />
}

function ScreenFailed() {
  usePageTitle('Erro')
  return (
    <div role="alert" className="flex min-h-svh w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-0">
          <div className="mb-4 flex items-center gap-2">
            <AlertTriangleIcon className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">Algo deu errado</h1>
          </div>
          <p className="text-sm text-muted-foreground">
            Não foi possível abrir esta tela. Recarregue a página; se o problema continuar, tente de novo em alguns minutos.
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
            <Link to="/" className="text-sm text-primary underline-offset-4 hover:underline">
              Voltar ao início
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
