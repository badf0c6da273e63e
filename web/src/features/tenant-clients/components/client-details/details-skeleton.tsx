import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

/** The page's shape while the client loads: the client card and two sections. */
export function ClientDetailsSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-busy="true" aria-label="Carregando cliente" data-testid="client-details-skeleton">
      {[3, 4, 4].map((rows, card) => (
        <Card key={card}>
          <CardHeader>
            <Skeleton className="h-6 w-48" />
          </CardHeader>
          <CardContent className="grid gap-2">
            {Array.from({ length: rows }, (_, row) => (
              <Skeleton key={row} className="h-4 w-full" />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
