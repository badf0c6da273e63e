import { Link } from 'react-router-dom'
import { ArrowLeftIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'

/** Centred card with a title and a way back to the login; public screens whose forms come later. */
export function PublicCardPage({ title }: { title: string }) {
  usePageTitle(title)
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Link to="/login" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
            <ArrowLeftIcon className="size-4" aria-hidden />
            Voltar para o login
          </Link>
        </CardContent>
      </Card>
    </main>
  )
}
