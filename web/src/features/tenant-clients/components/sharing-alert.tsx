import { TriangleAlertIcon } from 'lucide-react'
import { SHARING_WARNING } from '../labels'

/** Names the robots whose license more than one MetaTrader account ran in the last 30 days. */
export function SharingAlert({ robots }: { robots: string[] }) {
  if (robots.length === 0) return null
  return (
    <div role="status" className="flex gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
      <div>
        <p className="font-medium text-amber-500">{SHARING_WARNING}</p>
        <p className="text-muted-foreground">
          Mais de uma conta MetaTrader usou {robots.length === 1 ? 'a licença de' : 'as licenças de'} {robots.join(', ')} nos últimos 30 dias.
        </p>
      </div>
    </div>
  )
}
