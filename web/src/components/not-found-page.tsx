import { Link } from 'react-router-dom'
import { AlertCircleIcon } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'

export interface NotFoundPageProps {
  /** Where "Voltar ao início" leads: the portal's first screen. */
  homePath?: string
  /** The heading, also the browser tab's page name. */
  title?: string
  message?: string
}

/** The screen for a path no route knows; in pt-BR unless a portal's spec fixes other words (the admin's). */
export function NotFoundPage({
  homePath = '/',
  title = 'Página não encontrada',
  message = 'O endereço que você abriu não existe ou mudou de lugar. Confira o link ou volte ao início.',
}: NotFoundPageProps) {
  usePageTitle(title)
  return (
    <div className="flex min-h-svh w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-0">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircleIcon className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">{title}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{message}</p>
          <Link to={homePath} className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
            Voltar ao início
          </Link>
        </CardContent>
      </Card>
    </div>
  )
}
