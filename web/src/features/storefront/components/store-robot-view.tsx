import type * as React from 'react'
import { AlertTriangleIcon } from 'lucide-react'
import { BacktestSummary } from '@/components/backtest/backtest-summary'
import type { PublicStoreRobot } from '../api/public-store'
import { AdvancedHtml } from './advanced-html'
import { BuyButton } from './buy-button'
import { PriceTag } from './price-tag'
import { SectionView } from './section-view'
import { StoreHeader } from './store-header'

export const DLL_NOTICE =
  'Este robô carrega uma DLL. Ele usa uma biblioteca externa do Windows: para funcionar, o MetaTrader 5 precisa da opção “Permitir importação de DLL”. Ative-a somente se confiar no vendedor.'

/**
 * A robot's sales page in the tenant's branding: the public page (/loja/:robotId) and the owner's live preview both
 * draw it from the same `PublicStoreRobot`, so what the owner sees is what buyers get. `links` sit in the header
 * (the public page's way back to the catalog and to the buyer's area); the preview has none.
 */
export function StoreRobotView({ page, links, preview = false }: { page: PublicStoreRobot; links?: React.ReactNode; preview?: boolean }) {
  const { robot, sections } = page
  // The first hero is the page's headline; without one, the robot's name and description are.
  const heroIndex = sections.findIndex((s) => s.type === 'hero')
  const hero = heroIndex >= 0 ? sections[heroIndex] : null
  const rest = sections.filter((_, index) => index !== heroIndex)
  const headline = hero?.type === 'hero' ? hero.title : robot.name
  const subtitle = hero?.type === 'hero' ? hero.subtitle : robot.description

  return (
    <article className="mx-auto w-full max-w-4xl space-y-10 px-4 py-6 sm:px-6" aria-label={`Página de vendas de ${robot.name}`}>
      <StoreHeader branding={page.branding}>{links}</StoreHeader>
      <section className="flex flex-col items-center gap-4 text-center">
        {robot.logoUrl && <img src={robot.logoUrl} alt={`Logo de ${robot.name}`} className="size-20 rounded-lg object-contain" />}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{headline}</h1>
        {subtitle && <p className="max-w-2xl text-lg text-muted-foreground">{subtitle}</p>}
        <PriceTag price={robot.price} />
        <BuyButton checkoutUrl={robot.checkoutUrl} newTab={preview} />
      </section>
      {page.loadsDll && (
        <aside role="note" className="flex gap-3 rounded-md border border-amber-500/60 bg-amber-500/10 p-4 text-sm">
          <AlertTriangleIcon aria-hidden className="size-5 shrink-0 text-amber-600" />
          <p>{DLL_NOTICE}</p>
        </aside>
      )}
      {rest.map((section, index) => (
        <SectionView key={index} section={section} />
      ))}
      {page.advancedHtml.map((html, index) => (
        <AdvancedHtml key={index} html={html} title={`Conteúdo adicional ${index + 1}`} />
      ))}
      {page.backtest && <BacktestSummary backtest={page.backtest} />}
      {(robot.price || robot.checkoutUrl) && (
        <section className="flex flex-col items-center gap-3 rounded-lg border bg-card p-6 text-center">
          <p className="font-medium">{robot.name}</p>
          <PriceTag price={robot.price} />
          <BuyButton checkoutUrl={robot.checkoutUrl} newTab={preview} />
        </section>
      )}
    </article>
  )
}
