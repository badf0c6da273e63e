import { useWatch, type Control } from 'react-hook-form'
import type { PublicStoreRobot } from '../api/public-store'
import { StoreRobotView } from '../components/store-robot-view'
import { previewPrice, toSection, type StorePageValues } from './store-page-form'

/**
 * The page as buyers would see it, redrawn from the form as the owner types, by the same component the public page
 * uses. `base` is the server's preview (branding, robot, DLL notice, the chosen backtest and the stored, sanitized
 * advanced HTML: a draft of HTML is shown only once the server has cleaned it).
 */
export function previewOf(base: PublicStoreRobot, values: StorePageValues): PublicStoreRobot {
  return {
    ...base,
    robot: { ...base.robot, price: previewPrice(values.price), checkoutUrl: values.checkoutUrl.trim() || null },
    sections: values.sections.map(toSection),
    backtest: values.showBacktest ? base.backtest : null,
  }
}

export function LivePreview({ control, base }: { control: Control<StorePageValues>; base: PublicStoreRobot }) {
  const values = useWatch({ control }) as StorePageValues
  return (
    <section aria-label="Pré-visualização da página" className="overflow-hidden rounded-lg border bg-background shadow-sm">
      <p className="border-b bg-muted px-3 py-1.5 text-xs text-muted-foreground">Pré-visualização: assim os compradores verão a página.</p>
      <div className="max-h-[80vh] overflow-y-auto [contain:paint]">
        <StoreRobotView page={previewOf(base, values)} preview />
      </div>
    </section>
  )
}
