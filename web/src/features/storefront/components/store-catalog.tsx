import { BotIcon, StoreIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import type { StoreRobotSummary } from '../api/public-store'
import { BuyButton } from './buy-button'
import { PriceTag } from './price-tag'

export const EMPTY_STORE = 'Nenhum robô à venda no momento'

/** The catalog's cards; `detailsHref` gives each robot's page (keeping `?tenant=` on development hosts). */
export function StoreCatalog({ robots, detailsHref }: { robots: StoreRobotSummary[]; detailsHref: (robotId: string) => string }) {
  if (robots.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        <StoreIcon aria-hidden className="size-10" />
        <p className="text-lg font-medium">{EMPTY_STORE}</p>
        <p className="text-sm">Volte em breve para conhecer as novidades.</p>
      </div>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Robôs à venda">
      {robots.map((robot) => (
        <li key={robot.id}>
          <Card className="h-full">
            <CardHeader className="flex flex-row items-center gap-3">
              {robot.logoUrl ? (
                <img src={robot.logoUrl} alt="" className="size-12 shrink-0 rounded-md object-contain" />
              ) : (
                <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
                  <BotIcon aria-hidden className="size-6 text-muted-foreground" />
                </span>
              )}
              <CardTitle>
                <h2 className="text-lg">{robot.name}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex-1 space-y-3">
              {robot.description && <p className="line-clamp-3 text-sm text-muted-foreground">{robot.description}</p>}
              <PriceTag price={robot.price} className="text-2xl" />
            </CardContent>
            <CardFooter className="flex flex-wrap gap-2">
              <BuyButton checkoutUrl={robot.checkoutUrl} label="Comprar" size="default" />
              <Button variant="outline" asChild>
                <Link to={detailsHref(robot.id)} aria-label={`Ver detalhes de ${robot.name}`}>
                  Ver detalhes
                </Link>
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  )
}
