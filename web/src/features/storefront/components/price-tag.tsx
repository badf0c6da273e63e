import { formatBRL } from '@/lib/format'
import { cn } from '@/lib/class-names'

/** The price as a buyer reads it ("R$ 497,00"); nothing when the owner set none. */
export function PriceTag({ price, className }: { price: string | null | undefined; className?: string }) {
  if (price === null || price === undefined || price === '') return null
  return (
    <p className={cn('text-3xl font-bold tracking-tight', className)} data-testid="price">
      {formatBRL(price)}
    </p>
  )
}
