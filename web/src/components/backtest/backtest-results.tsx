import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react'
import { StatusBadge } from '@/components/data/list'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/class-names'
import { backtestStatusLabel, backtestStatusTone, formatFactor, formatMoney, formatPercent, formatWhole, type BacktestNumbers } from './backtest-format'

/** "Na fila", "Em execução", "Concluído", "Falhou", "Cancelado", coloured. */
export function BacktestStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={backtestStatusTone(status)}>{backtestStatusLabel(status)}</StatusBadge>
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">
        {value}
        {hint && <span className="text-xs font-normal text-muted-foreground"> {hint}</span>}
      </dd>
    </div>
  )
}

/**
 * The report's numbers: net profit, profit factor, maximum drawdown (percent and money), trades, win rate and the
 * initial deposit. `compact` keeps the four a buyer reads first, two by two.
 */
export function BacktestNumbersList({ numbers, currency, compact = false }: { numbers: BacktestNumbers; currency?: string | null; compact?: boolean }) {
  return (
    <dl className={cn('grid gap-3', compact ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3')}>
      <Figure label="Lucro líquido" value={formatMoney(numbers.netProfit, currency)} />
      <Figure label="Fator de lucro" value={formatFactor(numbers.profitFactor)} />
      <Figure
        label="Rebaixamento máximo"
        value={formatPercent(numbers.maxDrawdownPercent)}
        hint={compact ? undefined : `(${formatMoney(numbers.maxDrawdown, currency)})`}
      />
      <Figure label="Taxa de acerto" value={formatPercent(numbers.winRatePercent)} />
      {!compact && <Figure label="Operações" value={formatWhole(numbers.totalTrades)} />}
      {!compact && numbers.initialDeposit != null && <Figure label="Depósito inicial" value={formatMoney(numbers.initialDeposit, currency)} />}
    </dl>
  )
}

/** The verdict against the run's thresholds: "Recomendado", or "Não recomendado" with each reason. Nothing before it is known. */
export function BacktestVerdict({ recommended, reasons }: { recommended: boolean | null | undefined; reasons: readonly string[] }) {
  if (recommended === null || recommended === undefined) return null
  if (recommended) {
    return (
      <Badge variant="success">
        <CheckCircle2Icon aria-hidden />
        Recomendado
      </Badge>
    )
  }
  return (
    <div className="space-y-1.5">
      <Badge variant="warning">
        <TriangleAlertIcon aria-hidden />
        Não recomendado
      </Badge>
      {reasons.length > 0 && (
        <ul aria-label="Motivos" className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
