import { useId } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/class-names'

/**
 * The grid of a dashboard's figures: two small cards a row on a phone (the four of the owner's dashboard fit one
 * screen above the rest), wider from `sm`, all in a row from `xl` when there are four.
 */
export function statGridClass(cards: number): string {
  return cn('grid grid-cols-2 gap-3 sm:gap-4', cards >= 4 && 'xl:grid-cols-4')
}

export interface StatCardProps {
  title: string
  icon: LucideIcon
  value: string
  /** What the figure counts; from `sm` only, so a phone shows the figures compactly. */
  hint: string
}

/** One figure of a dashboard, named by its title for screen readers: compact on a phone, roomier from `sm`. */
export function StatCard({ title, icon: Icon, value, hint }: StatCardProps) {
  const titleId = useId()
  return (
    <Card role="group" aria-labelledby={titleId} className="gap-1 py-3 sm:gap-2 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-3 sm:px-5">
        <CardTitle id={titleId} className="text-xs font-medium text-muted-foreground sm:text-sm">
          {title}
        </CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-1 px-3 sm:px-5">
        <p className="text-lg font-bold break-words tabular-nums sm:text-2xl">{value}</p>
        <p className="hidden text-xs text-muted-foreground sm:block">{hint}</p>
      </CardContent>
    </Card>
  )
}

/** `count` cards' placeholders while the figures load, in the same grid. */
export function StatCardsSkeleton({ count }: { count: number }) {
  return (
    <div className={statGridClass(count)} data-testid="stat-cards-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="gap-2 py-3 sm:gap-3 sm:py-5">
          <CardHeader className="px-3 sm:px-5">
            <Skeleton className="h-4 w-24 max-w-full" />
          </CardHeader>
          <CardContent className="space-y-2 px-3 sm:px-5">
            <Skeleton className="h-7 w-16" />
            <Skeleton className="hidden h-3 w-32 sm:block" />
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
