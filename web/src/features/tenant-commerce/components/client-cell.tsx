/** A list's client column: the name with the e-mail under it; the dash for records without a client. */
export function ClientCell({ record }: { record: { clientName?: string | null; clientEmail?: string | null } }) {
  if (!record.clientName && !record.clientEmail) return <span className="text-muted-foreground">—</span>
  return (
    <div className="min-w-0">
      <div>{record.clientName || record.clientEmail}</div>
      {record.clientName && record.clientEmail && <div className="text-xs text-muted-foreground">{record.clientEmail}</div>}
    </div>
  )
}
