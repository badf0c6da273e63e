import { useId } from 'react'
import type { components } from '@/lib/api/schema'
import { describeProfile } from './backtest-format'
import { BacktestNumbersList } from './backtest-results'
import { EquityCurveChart } from './equity-curve-chart'

export type PublicBacktest = components['schemas']['PublicBacktest']

export const PAST_RESULTS_NOTICE = 'Resultados passados em teste não garantem resultados futuros.'

/**
 * A finished Strategy Tester run as a buyer sees it (the client's robot card): what it ran on, the main numbers and a
 * small balance curve. Nothing when the run has no numbers.
 */
export function BacktestSummary({ backtest }: { backtest: PublicBacktest }) {
  const titleId = useId()
  const numbers = backtest.numbers
  if (!numbers) return null
  const currency = backtest.profile?.currency
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border p-3 text-sm" data-testid="backtest-summary">
      <div className="space-y-0.5">
        <h3 id={titleId} className="font-medium">
          Backtest
        </h3>
        {backtest.profile && <p className="text-xs text-muted-foreground">{describeProfile(backtest.profile)}</p>}
      </div>
      <BacktestNumbersList numbers={numbers} currency={currency} compact />
      {backtest.equityCurve.length >= 2 && <EquityCurveChart points={backtest.equityCurve} currency={currency} size="small" />}
      <p className="text-xs text-muted-foreground">{PAST_RESULTS_NOTICE}</p>
    </section>
  )
}
