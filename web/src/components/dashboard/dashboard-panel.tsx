import type * as React from 'react'
import { useId } from 'react'
import { TriangleAlertIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'
import { cn } from '@/lib/class-names'

/** A titled card that is also a landmark region named by its title. */
export function DashboardPanel({
  title,
  description,
  className,
  children,
}: {
  title: string
  description?: React.ReactNode
  className?: string
  children: React.ReactNode
}) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0 gap-4 py-5', className)}>
      <CardHeader className="px-5">
        <CardTitle id={titleId} role="heading" aria-level={2}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-5">{children}</CardContent>
    </Card>
  )
}

/** The "nothing here yet" line of a panel. */
export function PanelEmpty({ children }: { children: React.ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>
}

export const SKELETON_ROWS = 5

export function PanelRowsSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} data-slot="skeleton-row" className="flex items-center gap-3">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  )
}

export function ChartSkeleton() {
  return <Skeleton aria-hidden className="h-56" />
}

/** A failed section of the dashboard: the server's message and a retry. */
export function SectionError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
      <TriangleAlertIcon className="size-6 text-destructive" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(error, 'Verifique sua conexão e tente novamente.')}</p>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        Tentar novamente
      </Button>
    </div>
  )
}
