import { ShoppingCartIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/class-names'

export const UNAVAILABLE = 'Compra indisponível no momento'

/**
 * The way to pay: a link to the robot's checkout (Hotmart, Kiwify, Eduzz, Asaas…) in the same tab, as a buyer expects
 * of a "buy" button; without a link, a plain statement instead of a button that leads nowhere.
 */
export function BuyButton({
  checkoutUrl,
  label = 'Comprar agora',
  size = 'lg',
  newTab = false,
  className,
}: {
  checkoutUrl: string | null | undefined
  label?: string
  size?: 'lg' | 'default' | 'sm'
  /** The editor's preview opens it beside the form, so unsaved work stays. */
  newTab?: boolean
  className?: string
}) {
  if (!checkoutUrl) return <p className={cn('text-sm font-medium text-muted-foreground', className)}>{UNAVAILABLE}</p>
  return (
    <Button asChild size={size} className={cn(size === 'lg' && 'h-12 px-8 text-base', className)}>
      <a href={checkoutUrl} rel="noopener noreferrer" {...(newTab ? { target: '_blank' } : {})}>
        <ShoppingCartIcon aria-hidden />
        {label}
      </a>
    </Button>
  )
}
