import type * as React from 'react'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** The grid the license and subscription cards sit in. */
export const CARD_GRID = 'grid grid-cols-1 gap-4 lg:grid-cols-2'

/** Placeholder cards while a list loads. */
export function CardsSkeleton({ count = 2 }: { count?: number }) {
  return (
    <div className={CARD_GRID} data-testid="cards-skeleton" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index}>
          <CardHeader className="flex flex-row items-center gap-4">
            <Skeleton className="size-14 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-16" />
            </div>
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-9 w-48" />
          </CardContent>
        </Card>
      ))}
    </div>
  )
}

/** A list with nothing in it: an icon, the screen's sentence and a hint. */
export function EmptyCard({ icon, title, hint }: { icon: React.ReactNode; title: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <div aria-hidden className="text-muted-foreground [&_svg]:size-10">
          {icon}
        </div>
        <p className="font-medium">{title}</p>
        {hint && <p className="max-w-md text-sm text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  )
}

/** One "label: value" line of a card's details. */
export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{children}</dd>
    </div>
  )
}
