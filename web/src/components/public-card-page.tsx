import type * as React from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeftIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { usePageTitle } from '@/lib/page-title'

/**
 * A public screen next to the login (password recovery): a centred card titled like the page (the h1),
 * its content, and a way back to the login.
 */
export function PublicCardPage({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  usePageTitle(title)
  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-br from-primary/15 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {children}
          <Link to="/login" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
            <ArrowLeftIcon className="size-4" aria-hidden />
            Voltar para o login
          </Link>
        </CardContent>
      </Card>
    </main>
  )
}
