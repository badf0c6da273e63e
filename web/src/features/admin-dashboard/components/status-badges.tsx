import { Badge } from '@/components/ui/badge'
import type { RecentSale, RecentTenant } from '../api/dashboard'

type Variant = 'success' | 'warning' | 'destructive' | 'secondary'

const tenantStatus: Record<RecentTenant['status'], { label: string; variant: Variant }> = {
  active: { label: 'Ativo', variant: 'success' },
  inactive: { label: 'Inativo', variant: 'secondary' },
  suspended: { label: 'Suspenso', variant: 'destructive' },
}

const saleStatus: Record<RecentSale['status'], { label: string; variant: Variant }> = {
  confirmed: { label: 'Confirmada', variant: 'success' },
  pending: { label: 'Pendente', variant: 'warning' },
  refunded: { label: 'Reembolsada', variant: 'destructive' },
}

export function TenantStatusBadge({ status }: { status: RecentTenant['status'] }) {
  const { label, variant } = tenantStatus[status] ?? { label: status, variant: 'secondary' }
  return <Badge variant={variant}>{label}</Badge>
}

export function SaleStatusBadge({ status }: { status: RecentSale['status'] }) {
  const { label, variant } = saleStatus[status] ?? { label: status, variant: 'secondary' }
  return <Badge variant={variant}>{label}</Badge>
}
