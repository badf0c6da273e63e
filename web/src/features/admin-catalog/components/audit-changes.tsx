import { ArrowRightIcon } from 'lucide-react'
import { changedFields } from '../api/audit-log'
import { auditFieldLabel, formatAuditValue } from '../audit-labels'

/** Each changed field of an audit row, as "field: before → after" (`entity` names the row's entity, for value labels). */
export function AuditChanges({ changes, entity }: { changes: unknown; entity?: string }) {
  const fields = changedFields(changes)
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">Nenhum campo registrado.</p>
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {fields.map(({ field, before, after }) => (
        <div key={field} className="contents">
          <dt className="font-medium">{auditFieldLabel(field)}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="rounded bg-destructive/10 px-1.5 py-0.5 break-all whitespace-pre-wrap text-destructive">
              <span className="sr-only">Antes: </span>
              {formatAuditValue(before, field, entity)}
            </span>
            <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="para" />
            <span className="rounded bg-success/10 px-1.5 py-0.5 break-all whitespace-pre-wrap text-success">
              <span className="sr-only">Depois: </span>
              {formatAuditValue(after, field, entity)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
