import { Badge } from '@/components/ui/badge'
import type { Origin, PaymentMethod } from '../api/sales'
import { originText } from '@/lib/commerce-labels'

/**
 * Where a sale came from, as a badge: a platform's (Hotmart, Kiwify) filled, a manual sale outlined with how it was paid
 * ("Manual · PIX"). Shared by the admin's and the owner's sales lists.
 */
export function OriginBadge({ sale }: { sale: { origin: Origin; paymentMethod?: PaymentMethod | null } }) {
  return <Badge variant={sale.origin === 'manual' ? 'outline' : 'secondary'}>{originText(sale)}</Badge>
}
