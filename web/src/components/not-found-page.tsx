import { Link } from 'react-router-dom'
import { AlertCircleIcon } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'

export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  usePageTitle('404')
  return (
    <div className="flex min-h-svh w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-0">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircleIcon className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Link to={homePath} className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
            Voltar ao início
          </Link>
        </CardContent>
      </Card>
    </div>
  )
}
