import { CircleAlertIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import type { FactoryStatus } from '../api/types'
import { quotaLine, type FactoryBlock } from '../availability'

/** Why generating is off right now (no model configured, or the month's quota used up). */
export function FactoryBlockBanner({ block }: { block: FactoryBlock }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>{block.title}</AlertTitle>
      <AlertDescription>{block.description}</AlertDescription>
    </Alert>
  )
}

/** "X de Y gerações usadas este mês", once the factory has a model. */
export function QuotaLine({ status }: { status: FactoryStatus | undefined }) {
  if (!status?.configured) return null
  return (
    <p className="text-sm text-muted-foreground" data-testid="factory-quota">
      {quotaLine(status)}
    </p>
  )
}
