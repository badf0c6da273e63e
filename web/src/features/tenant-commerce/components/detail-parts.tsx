import type * as React from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/api/client'

/*
 * The pieces the sale and subscription detail dialogs share: a label/value row, the loading and error
 * states of the detail call, and the original payload as indented JSON.
 */

export function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-2 border-b py-1.5 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  )
}

/** Loading rows, the error, or `children` with the loaded detail. */
export function DetailState<Data>({
  query,
  loadingLabel,
  errorFallback,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: Data }
  loadingLabel: string
  errorFallback: string
  children: (data: Data) => React.ReactNode
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    )
  }
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, errorFallback)}
      </p>
    )
  }
  return children(query.data)
}

/** The provider's payload as received, pretty-printed; `empty` when there is none (manual records). */
export function PayloadView({ payload, label, empty }: { payload: unknown; label: string; empty: string }) {
  if (payload === null || payload === undefined) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <pre
      data-testid="original-payload"
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-96 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs whitespace-pre"
    >
      {JSON.stringify(payload, null, 2)}
    </pre>
  )
}

/** "Nome (e-mail)", or the dash when the record has no client. */
export function clientLabel(record: { clientName?: string | null; clientEmail?: string | null }): string {
  if (!record.clientName) return record.clientEmail || '—'
  return record.clientEmail ? `${record.clientName} (${record.clientEmail})` : record.clientName
}
