import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangleIcon, HistoryIcon, RefreshCwIcon } from 'lucide-react'
import { SectionCard } from '@/components/section-card'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { formatDateTime } from '@/lib/format'
import {
  defaultReconciliationDays,
  hotmartReconciliationQuery,
  reconciliationDayChoices,
  useRunHotmartReconciliation,
  type ReconciliationItem,
} from '../api/hotmart-reconciliation'

const titleId = 'hotmart-reconciliation-title'
const daysId = 'hotmart-reconciliation-days'

export const noReconciliationYet =
  'Nenhuma recuperação ainda. A primeira roda automaticamente em até uma hora depois que as credenciais da API da Hotmart forem salvas em Configurações.'

/** "automática" for the daily run, "pedida por você" when an owner asked for it. */
export function triggerLabel(trigger: string): string {
  return trigger === 'daily' ? 'automática' : 'pedida por você'
}

function daysLabel(days: number): string {
  return days === 1 ? 'último dia' : `últimos ${days} dias`
}

function salesCount(count: number): string {
  return count === 1 ? '1 venda' : `${count} vendas`
}

/**
 * "Vendas que o webhook não entregou": once a day the server reads Hotmart's sales history with the tenant's API
 * credentials and feeds what the webhook missed. Shows the latest run (when, who asked, the server's summary and its
 * counts, or its error as a warning); an owner who may change settings can run it now over 1, 7 or 30 days.
 */
export function ReconciliationCard({ canRun }: { canRun: boolean }) {
  const status = useQuery(hotmartReconciliationQuery())
  return (
    <SectionCard
      id={titleId}
      title="Vendas que o webhook não entregou"
      description="Uma vez por dia, o RoboForge lê o histórico de vendas da Hotmart com as credenciais da API da sua conta e recupera as vendas e os reembolsos que o webhook não entregou."
    >
      {status.isSuccess ? (
        status.data.latest ? (
          <LatestRun run={status.data.latest} />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="reconciliation-empty">
            {noReconciliationYet}
          </p>
        )
      ) : status.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Não foi possível carregar a última recuperação</AlertTitle>
          <AlertDescription>
            {errorMessage(status.error, 'Tente novamente.')}
            <Button type="button" variant="outline" size="sm" onClick={() => void status.refetch()}>
              Tentar de novo
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-2" role="status" aria-busy="true" aria-label="Carregando a última recuperação">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      )}
      {canRun && <RunNow />}
    </SectionCard>
  )
}

function LatestRun({ run }: { run: ReconciliationItem }) {
  const failed = Boolean(run.error)
  const showCounts = !failed || run.found + run.already + run.recovered + run.unmapped > 0
  return (
    <div className="grid gap-3" data-testid="reconciliation-latest">
      <p className="flex items-start gap-2 text-sm">
        <HistoryIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          Última recuperação: <strong>{formatDateTime(run.startedAt)}</strong>{' '}
          <span className="text-muted-foreground">
            · {triggerLabel(run.trigger)} · {daysLabel(run.days)}
          </span>
        </span>
      </p>
      {failed ? (
        <Alert variant="warning" role="status" data-testid="reconciliation-error">
          <AlertTriangleIcon aria-hidden />
          <AlertTitle>A Hotmart não pôde ser consultada</AlertTitle>
          <AlertDescription>
            <span>{run.error}</span>
            {run.summary && run.summary !== run.error && <span>{run.summary}</span>}
          </AlertDescription>
        </Alert>
      ) : (
        <p className="text-sm" data-testid="reconciliation-summary">
          {run.summary}
        </p>
      )}
      {showCounts && (
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Números da última recuperação">
          <Count label="Encontradas na Hotmart" value={run.found} />
          <Count label="Já registradas" value={run.already} />
          <Count label="Recuperadas" value={run.recovered} />
          <Count label="Sem robô" value={run.unmapped} />
        </dl>
      )}
      {run.unmapped > 0 && (
        <p className="text-xs text-muted-foreground">
          {run.unmapped === 1 ? '1 venda é' : `${run.unmapped} vendas são`} de produtos que nenhum robô recebeu pelo webhook, por isso não
          puderam ser ligadas a um robô.
        </p>
      )}
    </div>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid rounded-md border px-3 py-2" data-testid="reconciliation-count">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

/** The select of days and "Recuperar vendas agora"; the outcome is a toast and the latest run, a refusal stays below. */
function RunNow() {
  const [days, setDays] = React.useState(String(defaultReconciliationDays))
  const run = useRunHotmartReconciliation()
  const failure = run.isError ? run.error : null
  const fieldError = failure instanceof ApiError ? failure.fields.days : undefined

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (run.isPending) return
    run.mutate(Number(days), {
      onSuccess: (result) => {
        if (result.error) {
          toast({ variant: 'destructive', title: 'A Hotmart não pôde ser consultada', description: result.error })
        } else {
          // Only the answer says whether anything was recovered.
          const title = result.recovered > 0 ? `${salesCount(result.recovered)} recuperada${result.recovered === 1 ? '' : 's'}` : 'Nenhuma venda recuperada'
          toast({ title, description: result.summary })
        }
      },
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-2 border-t pt-4" noValidate aria-label="Recuperar vendas agora">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={daysId}>Período</Label>
          <Select value={days} onValueChange={setDays} disabled={run.isPending}>
            <SelectTrigger
              id={daysId}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${daysId}-error` : undefined}
              className="w-44"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {reconciliationDayChoices.map((choice) => (
                <SelectItem key={choice} value={String(choice)}>
                  {choice === 1 ? 'Último dia' : `Últimos ${choice} dias`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={run.isPending} className="basis-full sm:basis-auto">
          {run.isPending ? <Spinner label="Recuperando" /> : <RefreshCwIcon aria-hidden />}
          Recuperar vendas agora
        </Button>
      </div>
      {fieldError && (
        <p id={`${daysId}-error`} className="text-sm text-destructive">
          {fieldError}
        </p>
      )}
      {/* One live region, present from the start, so each change is read out. */}
      <div aria-live="polite" data-testid="reconciliation-outcome">
        {run.isPending && <p className="text-sm text-muted-foreground">Consultando o histórico da Hotmart… isso pode levar alguns segundos.</p>}
        {failure && !fieldError && (
          <Alert variant="destructive" role="status">
            <AlertTitle>Recuperação não feita</AlertTitle>
            <AlertDescription>{errorMessage(failure, 'Não foi possível consultar a Hotmart agora. Tente novamente.')}</AlertDescription>
          </Alert>
        )}
      </div>
    </form>
  )
}
