import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { salesChannelPlatforms, type SalesChannelKey } from '../platforms'

/**
 * A robot's sales channels, one link per platform (Hotmart, Kiwify, Eduzz, Asaas), the current one marked: on the
 * robot's page and on top of each channel's screen. Wraps on a phone; each link is one tab stop.
 */
export function SalesChannelNav({ robotId, current }: { robotId: string; current?: SalesChannelKey }) {
  return (
    <nav aria-labelledby="sales-channel-nav-title" className="grid gap-2">
      <h2 id="sales-channel-nav-title" className="text-sm font-medium text-muted-foreground">
        Canais de venda
      </h2>
      <ul className="flex flex-wrap gap-2">
        {salesChannelPlatforms.map((platform) => {
          const active = platform.key === current
          return (
            <li key={platform.key}>
              <Button variant={active ? 'default' : 'outline'} size="sm" asChild>
                <Link to={`/robots/${robotId}/${platform.key}`} aria-current={active ? 'page' : undefined}>
                  {platform.name}
                </Link>
              </Button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
