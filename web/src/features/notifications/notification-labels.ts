import type { VariantProps } from 'class-variance-authority'
import type { badgeVariants } from '@/components/ui/badge'

type BadgeVariant = VariantProps<typeof badgeVariants>['variant']

const LABELS: Readonly<Record<string, string>> = {
  NEW_SALE: 'Venda',
  REFUND: 'Reembolso',
  SUBSCRIPTION_CANCELLED: 'Cancelamento',
  // A client asked to cancel a Hotmart subscription the platform could not cancel there: the owner acts.
  SUBSCRIPTION_CANCEL_REQUESTED: 'Pedido de cancelamento',
}

const VARIANTS: Readonly<Record<string, BadgeVariant>> = {
  NEW_SALE: 'success',
  REFUND: 'destructive',
  SUBSCRIPTION_CANCELLED: 'warning',
  SUBSCRIPTION_CANCEL_REQUESTED: 'warning',
}

/** The badge text of a notification type; a type the app does not know shows as sent. */
export function notificationLabel(type: string): string {
  return Object.hasOwn(LABELS, type) ? LABELS[type]! : type
}

/** The badge colour of a notification type: green sale, red refund, amber cancellation, neutral otherwise. */
export function notificationVariant(type: string): BadgeVariant {
  return Object.hasOwn(VARIANTS, type) ? VARIANTS[type] : 'secondary'
}
