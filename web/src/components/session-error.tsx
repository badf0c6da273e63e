import { Button } from '@/components/ui/button'

/** Shown when the session check failed for a reason other than "not signed in" (server down, network). */
export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-4 text-center">
      <p className="text-sm text-muted-foreground">Não foi possível verificar sua sessão. Verifique sua conexão.</p>
      <Button variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  )
}
