import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { BanIcon, FlaskConicalIcon, TriangleAlertIcon } from 'lucide-react'
import { BacktestNumbersList, BacktestStatusBadge, BacktestVerdict } from '@/components/backtest/backtest-results'
import {
  backtestStatusLabel,
  describeProfile,
  describeTesterMinutes,
  formatFactor,
  formatMinutes,
  formatMoney,
  formatPercent,
  isBacktestLive,
} from '@/components/backtest/backtest-format'
import { EquityCurveChart } from '@/components/backtest/equity-curve-chart'
import { ConfirmDialog } from '@/components/data'
import { SectionError } from '@/components/dashboard/dashboard-panel'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { cn } from '@/lib/class-names'
import { formatDateTime } from '@/lib/format'
import { backtestsQuery, useCancelBacktest, useShowOnSalesPage, type BacktestSource, type BacktestView } from '../api/backtests'
import { RUN_BACKTEST, RunBacktestDialog } from './run-backtest-dialog'

export const NO_BACKTEST_YET = 'Nenhum backtest desta versão ainda.'
export const SHOW_ON_SALES_PAGE = 'Mostrar na página de vendas'
export const CANCEL_RUN = 'Cancelar teste'

interface BacktestPanelProps {
  source: BacktestSource
  /** "1.2.0" (a robot version) or "3" (a factory version), for the dialogs' text. */
  versionLabel: string
  /** Offers "Executar backtest" (robot versions in .ex5, for an owner who manages robots). */
  canStart?: boolean
  /** Offers "Cancelar teste" and the sales-page switch. */
  canManage?: boolean
  /** Shows the "Mostrar na página de vendas" switch on completed runs (robot versions: the page shows them). */
  salesPageSwitch?: boolean
  /** After a run was queued, cancelled or chosen for the sales page (e.g. to refresh the versions list). */
  onChanged?: () => void
}

/**
 * One version's Strategy Tester runs: the month's tester minutes, the newest run (or one picked from the older ones)
 * with its status, profile, verdict, numbers and balance curve; "Executar backtest", "Cancelar teste" while one waits
 * or runs, and the sales-page switch of a completed one. Asked again every 3 s while a run waits or runs.
 */
export function BacktestPanel({ source, versionLabel, canStart = false, canManage = false, salesPageSwitch = false, onChanged }: BacktestPanelProps) {
  const query = useQuery(backtestsQuery(source))
  const [picked, setPicked] = useState<string | null>(null)
  const [dialog, setDialog] = useState<'run' | 'cancel' | null>(null)
  const cancel = useCancelBacktest(onChanged)
  const runs = query.data?.items ?? []
  const newest = runs[0]
  const shown = runs.find((run) => run.id === picked) ?? newest
  const live = runs.find((run) => isBacktestLive(run.status))

  const confirmCancel = () => {
    if (!live) return
    cancel.mutate(live.id, {
      onSuccess: () => {
        toast({ title: 'Teste cancelado', description: 'Os minutos que ele já usou continuam contando.' })
        setDialog(null)
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Erro ao cancelar teste', description: errorMessage(error, 'Tente novamente.') })
        setDialog(null)
        void query.refetch()
      },
    })
  }

  if (query.isError && !query.data) {
    return <SectionError title="Erro ao carregar os backtests" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  }

  return (
    <div className="space-y-4" data-testid="backtest-panel" aria-busy={query.isPending || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-muted-foreground" data-testid="tester-minutes">
          {query.data ? describeTesterMinutes(query.data.tester) : <Skeleton className="h-4 w-72" />}
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage && live && (
            <Button variant="outline" onClick={() => setDialog('cancel')}>
              <BanIcon aria-hidden />
              {CANCEL_RUN}
            </Button>
          )}
          {canStart && (
            <Button onClick={() => setDialog('run')} disabled={!query.data || live !== undefined} title={live ? 'Aguarde o teste em andamento terminar.' : undefined}>
              <FlaskConicalIcon aria-hidden />
              {RUN_BACKTEST}
            </Button>
          )}
        </div>
      </div>
      {query.data && query.data.tester.remainingMinutes <= 0 && (
        <Alert variant="warning" role="status">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Minutos de teste esgotados</AlertTitle>
          <AlertDescription>Os minutos de teste deste mês acabaram. Peça ao administrador da plataforma para ampliar a cota.</AlertDescription>
        </Alert>
      )}
      {query.isPending ? (
        <div className="space-y-3" aria-label="Carregando backtests">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !shown ? (
        <p className="rounded-md border border-dashed py-8 text-center text-sm text-muted-foreground">{NO_BACKTEST_YET}</p>
      ) : (
        <>
          {query.isError && (
            <p role="status" className="text-xs text-destructive">
              Não foi possível atualizar agora: {errorMessage(query.error, 'verifique sua conexão.')}
            </p>
          )}
          <RunDetails run={shown} newest={shown.id === newest?.id} canManage={canManage} salesPageSwitch={salesPageSwitch} onChanged={onChanged} />
          {runs.length > 1 && <RunHistory runs={runs} shown={shown} onPick={setPicked} />}
        </>
      )}
      {canStart && source.kind === 'robot-version' && (
        <RunBacktestDialog
          open={dialog === 'run'}
          onOpenChange={(open) => setDialog(open ? 'run' : null)}
          robotId={source.robotId}
          versionId={source.versionId}
          versionLabel={versionLabel}
          previous={newest}
          onQueued={() => setPicked(null)}
          onChanged={onChanged}
        />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Cancelar o teste da versão ${versionLabel}?`}
        description="O Strategy Tester para este teste e nenhum resultado é guardado. Os minutos que ele já usou continuam contando no mês."
        confirmLabel={CANCEL_RUN}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  )
}

function LiveState({ run }: { run: BacktestView }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <Spinner label={backtestStatusLabel(run.status)} />
      {run.status === 'queued'
        ? 'Na fila: aguardando um agente com o Strategy Tester livre.'
        : `Em execução desde ${formatDateTime(run.startedAt)}. O resultado aparece aqui quando o teste terminar.`}
    </p>
  )
}

/** One run: status and dates, profile and thresholds, then what it came to (or why it did not). */
function RunDetails({
  run,
  newest,
  canManage,
  salesPageSwitch,
  onChanged,
}: {
  run: BacktestView
  newest: boolean
  canManage: boolean
  salesPageSwitch: boolean
  onChanged?: () => void
}) {
  const currency = run.profile?.currency
  return (
    <article aria-label={newest ? 'Teste mais recente' : `Teste de ${formatDateTime(run.createdAt)}`} className="space-y-4" data-testid="backtest-run">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <BacktestStatusBadge status={run.status} />
        {run.origin === 'factory' && <span className="text-xs text-muted-foreground">Teste automático da Fábrica</span>}
        <span className="text-xs text-muted-foreground">
          Pedido em {formatDateTime(run.createdAt)}
          {run.completedAt && ` · terminado em ${formatDateTime(run.completedAt)}`}
          {run.testerSeconds > 0 && ` · ${formatMinutes(run.testerSeconds / 60)} min de teste`}
        </span>
      </div>
      {(run.profile || run.thresholds) && (
        <dl className="grid gap-1 text-sm">
          {run.profile && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">Perfil:</dt>
              <dd>{describeProfile(run.profile)}</dd>
            </div>
          )}
          {run.thresholds && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">Critérios:</dt>
              <dd>
                rebaixamento máximo até {formatPercent(run.thresholds.maxDrawdownPercent)}, fator de lucro a partir de {formatFactor(run.thresholds.minProfitFactor)}
              </dd>
            </div>
          )}
        </dl>
      )}
      {isBacktestLive(run.status) && <LiveState run={run} />}
      {run.status === 'failed' && (
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>O teste falhou</AlertTitle>
          <AlertDescription>{run.errorMessage || 'O Strategy Tester não devolveu um relatório.'}</AlertDescription>
        </Alert>
      )}
      {run.status === 'cancelled' && <p className="text-sm text-muted-foreground">Teste cancelado antes de terminar.</p>}
      {run.status === 'completed' && (
        <>
          <BacktestVerdict recommended={run.recommended} reasons={run.reasons} />
          {run.numbers ? (
            <BacktestNumbersList numbers={run.numbers} currency={currency} />
          ) : (
            <p className="text-sm text-muted-foreground">O relatório não trouxe números.</p>
          )}
          {run.equityCurve.length >= 2 ? (
            <EquityCurveChart points={run.equityCurve} currency={currency} />
          ) : (
            <p className="text-sm text-muted-foreground">Sem curva de saldo: o teste não fechou operações.</p>
          )}
          {salesPageSwitch && <SalesPageSwitch run={run} disabled={!canManage} onChanged={onChanged} />}
        </>
      )}
    </article>
  )
}

function SalesPageSwitch({ run, disabled, onChanged }: { run: BacktestView; disabled: boolean; onChanged?: () => void }) {
  const id = useId()
  const update = useShowOnSalesPage(onChanged)
  const toggle = (onSalesPage: boolean) =>
    update.mutate(
      { id: run.id, onSalesPage },
      {
        onSuccess: () =>
          toast({
            title: onSalesPage ? 'Backtest na página de vendas' : 'Backtest fora da página de vendas',
            description: onSalesPage ? 'A página de vendas mostra este teste enquanto esta versão estiver ativa.' : undefined,
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Erro ao atualizar a página de vendas', description: errorMessage(error, 'Tente novamente.') }),
      },
    )
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3">
      <Switch id={id} checked={run.onSalesPage} onCheckedChange={toggle} disabled={disabled || update.isPending} aria-describedby={`${id}-hint`} />
      <Label htmlFor={id}>{SHOW_ON_SALES_PAGE}</Label>
      {update.isPending && <Spinner label="Salvando" />}
      <p id={`${id}-hint`} className="basis-full text-xs text-muted-foreground">
        A página de vendas mostra o teste escolhido mais recente da versão ativa, com os números e a curva.
      </p>
    </div>
  )
}

/** The older runs (at most 20 in all), each a button that shows it above. */
function RunHistory({ runs, shown, onPick }: { runs: BacktestView[]; shown: BacktestView; onPick: (id: string) => void }) {
  return (
    <section aria-label="Histórico de testes" className="space-y-2">
      <h3 className="text-sm font-medium">Histórico de testes</h3>
      <ul className="divide-y rounded-md border">
        {runs.map((run) => {
          const current = run.id === shown.id
          return (
            <li key={run.id}>
              <button
                type="button"
                onClick={() => onPick(run.id)}
                aria-current={current || undefined}
                className={cn(
                  'flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-left text-sm outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current && 'bg-muted',
                )}
              >
                <BacktestStatusBadge status={run.status} />
                <span className="tabular-nums">{formatDateTime(run.createdAt)}</span>
                {run.numbers && <span className="text-muted-foreground tabular-nums">Lucro líquido {formatMoney(run.numbers.netProfit, run.profile?.currency)}</span>}
                {run.onSalesPage && <span className="text-xs text-muted-foreground">Na página de vendas</span>}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
